import type { ReactNode } from 'react';
import type { AdminUserView } from './view.ts';
import AccountBlock from './AccountBlock.tsx';

interface Link {
  href: string;
  label: string;
}

export interface AdminNavProps {
  user: AdminUserView;
  /** The admin pages, in menu order (the desktop's menu). */
  links: Link[];
  /** The phone's tab bar, and the pages listed under its "More" tab. */
  tabs: Link[];
  more: Link[];
  current: string;
  /** Where the browser lands after signing out. */
  loginPath: string;
}

/** A list of menu links, the current page marked; `children` are more items after them. */
function Links({
  links,
  current,
  className,
  children,
}: {
  links: Link[];
  current: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
      {children}
    </ul>
  );
}

/**
 * The admin menu and the signed-in account, rendered per request once the session is checked.
 * A desktop shows the menu and the account in the header; a phone shows a tab bar at the
 * bottom of the screen instead, with the rarer pages and the account under "More", so the
 * first screen is the page's own content (components/styles/admin-area.css switches them).
 */
export default function AdminNav({ user, links, tabs, more, current, loginPath }: AdminNavProps) {
  const moreCurrent = more.some((link) => link.href === current);
  return (
    <>
      <nav aria-label="Admin" className="admin-menu">
        <Links links={links} current={current} className="admin-links" />
      </nav>
      <AccountBlock
        user={user}
        loginPath={loginPath}
        className={tabs.length ? 'admin-account' : 'admin-account admin-account-alone'}
      />
      {tabs.length ? (
        <nav aria-label="Admin tabs" className="admin-tabs">
          <Links links={tabs} current={current}>
            <li>
              <details className="admin-more">
                <summary className={moreCurrent ? 'admin-more-current' : undefined}>More</summary>
                <div className="admin-more-panel">
                  <Links links={more} current={current} className="admin-more-links" />
                  <AccountBlock user={user} loginPath={loginPath} className="admin-more-account" />
                </div>
              </details>
            </li>
          </Links>
        </nav>
      ) : null}
    </>
  );
}
