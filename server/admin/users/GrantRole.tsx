import { USERS_API, type UsersPageView } from './view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import RoleChoice from './RoleChoice.tsx';

export default function GrantRole({ view, saved }: { view: UsersPageView; saved: (name: string) => string | null }) {
  const { form: state } = view;
  const loginError = fieldProblem(state, 'grant', 'login');
  return (
    <section className="admin-section" aria-labelledby="grant-title">
      <h2 id="grant-title">Give someone access</h2>
      <WorkbenchForm name="grant" action={USERS_API.grant} state={state} savedText={saved('grant')}>
        <AdminField
          id="grant-login"
          name="login"
          label="GitHub login"
          hint={
            <>
              Their GitHub user name, such as <code>octocat</code>. It works before their first sign-in. The same login again
              changes the role.
            </>
          }
          error={loginError}
        >
          <input
            id="grant-login"
            name="login"
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={100}
            defaultValue={typed(state, 'grant', 'login')}
            {...fieldAria('grant-login', loginError)}
          />
        </AdminField>
        <RoleChoice state={state} form="grant" legend="Role" />
        <SubmitButton>Give access</SubmitButton>
      </WorkbenchForm>
    </section>
  );
}
