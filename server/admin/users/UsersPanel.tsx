import { USERS_API, type UsersPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';

const SAVED: Record<string, string> = {
  grant: 'Saved. The role applies from their next page, or their first sign-in.',
  revoke: 'Role taken back; every session of theirs has ended.',
  policy: 'Saved.',
  'remove-factor': 'Second factor removed: they sign in with GitHub alone until they set up a new one.',
};

/** /admin/users (issue 10, super_admin only): who has a role, grants and revokes, and the second-factor switch. */
export default function UsersPanel(view: UsersPageView) {
  const { form: state } = view;
  const saved = (name: string) => (view.saved === name ? SAVED[name] : null);
  const loginError = fieldProblem(state, 'grant', 'login');
  return (
    <>
      <section className="admin-section" aria-labelledby="users-title">
        <h2 id="users-title">People with access</h2>
        {view.saved === 'revoke' || view.saved === 'remove-factor' ? (
          <p className="form-status" role="status">
            {saved(view.saved)}
          </p>
        ) : null}
        {state && (state.form.startsWith('revoke-') || state.form.startsWith('remove-factor-')) ? (
          <p className="form-status form-status-error" role="status">
            {state.error}
          </p>
        ) : null}
        <table className="status-table admin-table">
          <caption>Everyone with a role, by GitHub login</caption>
          <thead>
            <tr>
              <th scope="col">GitHub login</th>
              <th scope="col">Role</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Second factor</th>
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

      <section className="admin-section" aria-labelledby="grant-title">
        <h2 id="grant-title">Give someone access</h2>
        <WorkbenchForm name="grant" action={USERS_API.grant} state={state} savedText={saved('grant')}>
          <div className={loginError ? 'field field-invalid' : 'field'}>
            <label htmlFor="grant-login">GitHub login</label>
            <p className="field-hint" id="grant-login-hint">
              Their GitHub user name, such as <code>octocat</code>. It works before their first sign-in. The same login again
              changes the role.
            </p>
            <input
              id="grant-login"
              name="login"
              type="text"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              maxLength={100}
              defaultValue={typed(state, 'grant', 'login')}
              aria-describedby="grant-login-hint grant-login-error"
              aria-invalid={loginError ? true : undefined}
            />
            <p className="field-error" id="grant-login-error" data-field-error="login" hidden={!loginError}>
              {loginError}
            </p>
          </div>
          <fieldset className="field">
            <legend>Role</legend>
            <label className="choice">
              <input type="radio" name="role" value="admin" defaultChecked={typed(state, 'grant', 'role', 'admin') === 'admin'} />{' '}
              Admin: leads, inspections, errors and settings
            </label>
            <label className="choice">
              <input
                type="radio"
                name="role"
                value="super_admin"
                defaultChecked={typed(state, 'grant', 'role', 'admin') === 'super_admin'}
              />{' '}
              Super admin: also users and script hosts
            </label>
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Give access
            </button>
          </div>
        </WorkbenchForm>
      </section>

      <section className="admin-section" aria-labelledby="policy-title">
        <h2 id="policy-title">Second factor for everyone</h2>
        <p data-policy="">{view.policyText}</p>
        <WorkbenchForm name="policy" action={USERS_API.policy} state={state} savedText={saved('policy')}>
          <label className="choice">
            <input type="checkbox" name="required" defaultChecked={view.required} /> Every admin needs an authenticator app code
            after GitHub sign-in
          </label>
          <p className="field-hint">Whoever has none set up is asked to set one up at their next page.</p>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Save
            </button>
          </div>
        </WorkbenchForm>
      </section>
    </>
  );
}
