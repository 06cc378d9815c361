import type { DashboardView } from './view.ts';

/** For the owner (super admins): accounts locked out by wrong codes in the last day. Nothing shows when there are none. */
export default function SignInNotices({ view }: { view: DashboardView }) {
  if (!view.signInNotices?.length) return null;
  return (
    <section className="admin-section" aria-labelledby="sign-in-notices-title" data-sign-in-notices="">
      <h2 id="sign-in-notices-title">Sign-in warnings</h2>
      <ul className="admin-list">
        {view.signInNotices.map((n) => (
          <li key={n.id} className="admin-alert">
            {n.when}: @{n.login} was locked out after five wrong codes in a row, and cannot sign in for 15 minutes. If it was not
            them, someone knows their password: ask them, and take their access on the <a href={view.usersPath}>Users</a> page if
            needed.
          </li>
        ))}
      </ul>
    </section>
  );
}
