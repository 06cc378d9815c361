import { USERS_API, type UsersPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import UserPasskeys from './UserPasskeys.tsx';

export default function UserList({ view, saved }: { view: UsersPageView; saved: (name: string) => string | null }) {
  const { form: state } = view;
  return (
    <section className="admin-section" aria-labelledby="users-title">
      <h2 id="users-title">People with access</h2>
      {view.saved === 'revoke' || view.saved === 'remove-factor' || view.saved === 'remove-passkey' ? (
        <p className="form-status" role="status">
          {saved(view.saved)}
        </p>
      ) : null}
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
        <thead>
          <tr>
            <th scope="col">Login</th>
            <th scope="col">Role</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Second factor</th>
            <th scope="col">Passkeys</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
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
              <td data-label="Second factor">{user.factor}</td>
              <td data-label="Passkeys">
                <UserPasskeys user={user} />
              </td>
              <td data-label="Actions">
                <div className="row-actions">
                  <WorkbenchForm name={`revoke-${user.login}`} action={USERS_API.revoke}>
                    <input type="hidden" name="login" value={user.login} />
                    <button type="submit" className="btn btn-outline">
                      Take access from @{user.login}
                    </button>
                  </WorkbenchForm>
                  {user.factor === 'Set up' ? (
                    <WorkbenchForm name={`remove-factor-${user.login}`} action={USERS_API.removeFactor}>
                      <input type="hidden" name="login" value={user.login} />
                      <button type="submit" className="btn btn-outline">
                        Remove @{user.login}’s second factor
                      </button>
                    </WorkbenchForm>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
