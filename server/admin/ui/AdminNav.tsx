import { SIGN_OUT_PATH, type AdminUserView } from '../../../lib/admin-view.ts';

export interface AdminNavProps {
  user: AdminUserView;
  /** The admin pages, in menu order. */
  links: { href: string; label: string }[];
  current: string;
  /** Where the browser lands after signing out. */
  loginPath: string;
}

const ROLE_NAMES = { admin: 'Admin', super_admin: 'Super admin' } as const;

/** The admin menu and the signed-in account, rendered per request once the session is checked. */
export default function AdminNav({ user, links, current, loginPath }: AdminNavProps) {
  return (
    <>
      <nav aria-label="Admin">
        <ul className="admin-links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-account">
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" width={32} height={32} loading="lazy" className="admin-avatar" />
        ) : null}
        <p>
          <span className="admin-account-name">{user.name ?? user.login}</span>{' '}
          <span className="admin-account-role">
            @{user.login} · {ROLE_NAMES[user.role]}
          </span>
        </p>
        {/* Sign-out ends every session of this account (global scope: a lost phone is signed out too). */}
        <form method="post" action={SIGN_OUT_PATH} data-sign-out={`${loginPath}?signed_out=1`}>
          <button type="submit" className="btn btn-outline admin-sign-out">
            Sign out on every device
          </button>
        </form>
      </div>
    </>
  );
}
