import { Fragment, type ReactNode } from 'react';
import type { NavData } from '../content/layer/site-data.ts';

interface Link {
  name: ReactNode;
  path: string;
}

type MenuId = 'services' | 'brands' | 'blog';

/** One header item with a dropdown: a <details> disclosure. */
function menu(id: MenuId, label: string, children: ReactNode) {
  return (
    <li className="nav-item">
      <details className="dropdown" data-menu={id}>
        <summary className="nav-link">{label}</summary>
        <div className="dropdown-panel">{children}</div>
      </details>
    </li>
  );
}

/** A dropdown's columns, each under its heading, and the link to the whole section. */
function panel(columns: [heading: string, body: ReactNode][], all: { href: string; label: string }) {
  return (
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
}

/**
 * Desktop header navigation: the header's items, three of them with a dropdown.
 * Each dropdown is a <details> disclosure, so it opens natively before the script runs
 * and without JavaScript. client/behaviours/desktop-nav.ts keeps one open at a time
 * and closes them on outside click, Escape and navigation: no React, and the menu is
 * written once, as HTML, so it costs the first paint nothing.
 */
export default function DesktopNav({ current, nav }: { current: string; nav: NavData }) {
  const isCurrent = (path: string) => (current === path ? 'page' : undefined);

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
        [
          'Topics',
          list(
            nav.topics.map((topic) => ({
              path: topic.path,
              name: (
                <>
                  {`${topic.name} `}
                  <span className="count">{`(${topic.count})`}</span>
                </>
              ),
            })),
          ),
        ],
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
