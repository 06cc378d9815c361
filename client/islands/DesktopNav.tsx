import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';

interface Link {
  name: string;
  path: string;
  category?: string;
}

interface Topic extends Link {
  count: number;
}

export interface DesktopNavProps {
  current: string;
  popularServices: Link[];
  services: Link[];
  brands: Link[];
  comparisons: Link[];
  topics: Topic[];
  recentArticles: Link[];
}

type MenuId = 'services' | 'brands' | 'blog';

/**
 * Desktop header navigation (SPEC.md section 2 "Layout", section 4 "Header dropdowns").
 * Each dropdown is a <details> disclosure, so it opens natively before hydration and
 * without JavaScript; once hydrated only one stays open, and all close on outside
 * click, Escape and navigation.
 */
export default function DesktopNav(props: DesktopNavProps) {
  const [open, setOpen] = useState<MenuId | null>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // A menu opened natively before hydration becomes the controlled open menu.
    const already = navRef.current?.querySelector<HTMLDetailsElement>('details[open]');
    if (already) setOpen(already.dataset.menu as MenuId);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const summary = navRef.current?.querySelector<HTMLElement>(`details[data-menu="${open}"] > summary`);
      setOpen(null);
      summary?.focus();
    };
    const onNavigate = () => setOpen(null);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onNavigate);
    window.addEventListener('pagehide', onNavigate);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onNavigate);
      window.removeEventListener('pagehide', onNavigate);
    };
  }, [open]);

  const onToggle = (id: MenuId) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setOpen(id);
    else setOpen((current) => (current === id ? null : current));
  };

  const onLinkClick = () => setOpen(null);
  const isCurrent = (path: string) => (props.current === path ? 'page' : undefined);

  const menu = (id: MenuId, label: string, children: ReactNode) => (
    <li className="nav-item">
      <details className="dropdown" data-menu={id} open={open === id} onToggle={onToggle(id)}>
        <summary className="nav-link">{label}</summary>
        <div className="dropdown-panel" onClick={onLinkClick}>
          {children}
        </div>
      </details>
    </li>
  );

  const list = (links: Link[]) => (
    <ul className="dropdown-list">
      {links.map((link) => (
        <li key={link.path}>
          <a href={link.path} aria-current={isCurrent(link.path)}>
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <nav className="desktop-nav" aria-label="Main" ref={navRef}>
      <ul className="nav-list">
        <li className="nav-item">
          <a className="nav-link" href="/" aria-current={isCurrent('/')}>
            Home
          </a>
        </li>
        {menu(
          'services',
          'Services',
          <div className="dropdown-columns">
            <div>
              <p className="dropdown-heading">Popular</p>
              {list(props.popularServices)}
            </div>
            <div>
              <p className="dropdown-heading">All expertise</p>
              {list(props.services)}
            </div>
            <a className="dropdown-all" href="/services">
              View all services
            </a>
          </div>,
        )}
        {menu(
          'brands',
          'Brands',
          <div className="dropdown-columns">
            <div>
              <p className="dropdown-heading">Shingle brands</p>
              {list(props.brands)}
            </div>
            <div>
              <p className="dropdown-heading">Comparison guides</p>
              {list(props.comparisons)}
            </div>
            <a className="dropdown-all" href="/brands">
              All brands
            </a>
          </div>,
        )}
        <li className="nav-item">
          <a className="nav-link" href="/gallery" aria-current={isCurrent('/gallery')}>
            Gallery
          </a>
        </li>
        {menu(
          'blog',
          'Blog',
          <div className="dropdown-columns">
            <div>
              <p className="dropdown-heading">Topics</p>
              <ul className="dropdown-list">
                {props.topics.map((topic) => (
                  <li key={topic.path}>
                    <a href={topic.path} aria-current={isCurrent(topic.path)}>
                      {topic.name} <span className="count">({topic.count})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <p className="dropdown-heading">Latest articles</p>
              {list(props.recentArticles)}
            </div>
            <a className="dropdown-all" href="/blog">
              All articles
            </a>
          </div>,
        )}
        <li className="nav-item">
          <a className="nav-link" href="/contact#consultation" aria-current={isCurrent('/contact')}>
            Contact
          </a>
        </li>
      </ul>
    </nav>
  );
}
