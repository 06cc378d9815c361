import { Fragment, type ReactNode } from 'react';
import type { NavData } from '../content/layer/site-data.ts';

interface Link {
  name: string;
  path: string;
}

type MenuId = 'services' | 'brands' | 'blog';

/**
 * Desktop header navigation (SPEC.md section 2 "Layout", section 4 "Header dropdowns").
 * Each dropdown is a <details> disclosure, so it opens natively before the script runs
 * and without JavaScript. client/behaviours/desktop-nav.ts keeps one open at a time
 * and closes them on outside click, Escape and navigation: no React, and the menu is
 * written once, as HTML (issue 11).
 */
export default function DesktopNav({ current, nav }: { current: string; nav: NavData }) {
  const isCurrent = (path: string) => (current === path ? 'page' : undefined);

  const menu = (id: MenuId, label: string, children: ReactNode) => (
    <li className="nav-item">
      <details className="dropdown" data-menu={id}>
        <summary className="nav-link">{label}</summary>
        <div className="dropdown-panel">{children}</div>
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
      {nav.topics.map((topic) => (
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
        ['Popular', list(nav.headerPopular)],
        ['All expertise', list(nav.services)],
      ],
      { href: '/services', label: 'View all services' },
    ),
    brands: panel(
      [
        ['Shingle brands', list(nav.brands)],
        ['Comparison guides', list(nav.comparisons)],
      ],
      { href: '/brands', label: 'All brands' },
    ),
    blog: panel(
      [
        ['Topics', topics],
        ['Latest articles', list(nav.recentArticles)],
      ],
      { href: '/blog', label: 'All articles' },
    ),
  };

  // The page a link leads to, without its #section: Contact is current on /contact.
  const pageOf = (path: string) => path.split('#', 1)[0]!;
  const items = nav.header.filter((item) => item.on.includes('desktop'));

  return (
    <nav className="desktop-nav desktop-only" aria-label="Main" data-behaviour="desktop-nav">
      <ul className="nav-list">
        {items.map((item) =>
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
