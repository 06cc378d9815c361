import type { UsersPageView } from './view.ts';
import UserActions from './UserActions.tsx';
import UserListSaved from './UserListSaved.tsx';
import UserPasskeys from './UserPasskeys.tsx';
import ColumnHeads from '../ui/ColumnHeads.tsx';

export default function UserList({ view, saved }: { view: UsersPageView; saved: (name: string) => string | null }) {
  const { form: state } = view;
  return (
    <section className="admin-section" aria-labelledby="users-title">
      <h2 id="users-title">People with access</h2>
      <UserListSaved view={view} saved={saved} />
      {state &&
      (state.form.startsWith('revoke-') ||
        state.form.startsWith('remove-factor-') ||
        state.form.startsWith('remove-passkey-')) ? (
        <p className="form-status form-status-error" role="status">
          {state.error}
        </p>
      ) : null}
      <table className="status-table admin-table">
        <caption>Everyone with a role, by login</caption>
        <ColumnHeads columns={['Login', 'Role', 'Last sign-in', 'Sign-in code', 'Passkeys', 'Actions']} />
        <tbody>
          {view.users.map((user) => (
            <tr key={user.login} data-user={user.login}>
              <th scope="row" data-label="Login">
                @{user.login}
                {user.name ? <span className="lead-ref"> {user.name}</span> : null}
                {user.you ? <span className="lead-ref"> (you)</span> : null}
              </th>
              <td data-label="Role">{user.roleLabel}</td>
              <td data-label="Last sign-in">{user.lastSignIn}</td>
              <td data-label="Sign-in code">{user.factor}</td>
              <td data-label="Passkeys">
                <UserPasskeys user={user} />
              </td>
              <td data-label="Actions">
                <UserActions user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
