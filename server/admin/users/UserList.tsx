import { USERS_API, type UsersPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import UserPasskeys from './UserPasskeys.tsx';

export default function UserList({ view, saved }: { view: UsersPageView; saved: (name: string) => string | null }) {
  const { form: state } = view;
  return (
    <section className="admin-section" aria-labelledby="users-title">
      <h2 id="users-title">People with access</h2>
      {view.saved === 'revoke' || view.saved === 'remove-factor' || view.saved === 'remove-passkey' ? (
        <div className="admin-toast" role="status" data-undo-expires={view.undo ? '10000' : undefined}>
          <p>{saved(view.saved)}</p>
          {view.undo ? (
            // Undo gives the role back at once; their sessions stay ended, so they sign in again.
            <form
              method="post"
              action={USERS_API.grant}
              data-admin-form="undo-revoke"
              data-workbench=""
              data-undo=""
              data-after={`${view.usersPath}?saved=grant`}
            >
              <input type="hidden" name="login" value={view.undo.login} />
              <input type="hidden" name="role" value={view.undo.role} />
              <button type="submit" className="btn btn-small btn-outline">
                Undo: make @{view.undo.login} {view.undo.roleLabel} again
              </button>
              <p className="visually-hidden" data-feedback-status="" />
            </form>
          ) : null}
        </div>
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
            <th scope="col">Sign-in code</th>
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
              <td data-label="Sign-in code">{user.factor}</td>
              <td data-label="Passkeys">
                <UserPasskeys user={user} />
              </td>
              <td data-label="Actions">
                <div className="row-actions">
                  {user.you ? (
                    <p className="admin-empty">This is you: another owner can take your access, you cannot.</p>
                  ) : (
                    // Asks first: the first tap only opens the question; the form is inside it.
                    <details className="confirm-action">
                      <summary className="btn btn-outline">Take access from @{user.login}…</summary>
                      <WorkbenchForm name={`revoke-${user.login}`} action={USERS_API.revoke}>
                        <input type="hidden" name="login" value={user.login} />
                        <p>
                          @{user.login} is signed out everywhere and can no longer open the admin area. You can undo this right
                          after.
                        </p>
                        <button type="submit" className="btn btn-primary">
                          Yes, take access from @{user.login}
                        </button>
                      </WorkbenchForm>
                    </details>
                  )}
                  {user.factor === 'Set up' ? (
                    <WorkbenchForm name={`remove-factor-${user.login}`} action={USERS_API.removeFactor}>
                      <input type="hidden" name="login" value={user.login} />
                      <button type="submit" className="btn btn-outline">
                        Remove @{user.login}’s sign-in code
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
