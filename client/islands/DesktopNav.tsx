import { Fragment, useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';

interface Link {
  name: string;
  path: string;
  category?: string;
}

interface Topic extends Link {
  count: number;
}

type MenuId = 'services' | 'brands' | 'blog';

/** A top-level item: a link, or the dropdown named by `menu`. */
interface Item extends Link {
  menu?: MenuId;
}

export interface DesktopNavProps {
  current: string;
  /** The header's top level, in order (build/site-data.ts HEADER_ITEMS, the desktop's share). */
  items: Item[];
  popularServices: Link[];
  services: Link[];
  brands: Link[];
  comparisons: Link[];
  topics: Topic[];
  recentArticles: Link[];
}

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

  const panel = (columns: [heading: string, body: ReactNode][], all: { href: string; label: string }) => (
    <div className="dropdown-columns">
      {columns.map(([heading, body]) => (
        <div key={heading}>
          <p className="dropdown-heading">{heading}</p>
          {body}
        </div>
      ))}
      <a className="dropdown-all" href={all.href}>
        {all.label}
      </a>
    </div>
  );

  const topics = (
    <ul className="dropdown-list">
      {props.topics.map((topic) => (
        <li key={topic.path}>
          <a href={topic.path} aria-current={isCurrent(topic.path)}>
            {topic.name} <span className="count">({topic.count})</span>
          </a>
        </li>
      ))}
    </ul>
  );

  const panels: Record<MenuId, ReactNode> = {
    services: panel(
      [
        ['Popular', list(props.popularServices)],
        ['All expertise', list(props.services)],
      ],
      { href: '/services', label: 'View all services' },
    ),
    brands: panel(
      [
        ['Shingle brands', list(props.brands)],
        ['Comparison guides', list(props.comparisons)],
      ],
      { href: '/brands', label: 'All brands' },
    ),
    blog: panel(
      [
        ['Topics', topics],
        ['Latest articles', list(props.recentArticles)],
      ],
      { href: '/blog', label: 'All articles' },
    ),
  };

  // The page a link leads to, without its #section: Contact is current on /contact.
  const pageOf = (path: string) => path.split('#', 1)[0]!;

  return (
    <nav className="desktop-nav" aria-label="Main" ref={navRef}>
      <ul className="nav-list">
        {props.items.map((item) =>
          item.menu ? (
            <Fragment key={item.path}>{menu(item.menu, item.name, panels[item.menu])}</Fragment>
          ) : (
            <li className="nav-item" key={item.path}>
              <a className="nav-link" href={item.path} aria-current={isCurrent(pageOf(item.path))}>
                {item.name}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
