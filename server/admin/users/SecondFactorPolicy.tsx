import { USERS_API, type UsersPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

export default function SecondFactorPolicy({ view, saved }: { view: UsersPageView; saved: (name: string) => string | null }) {
  const { form: state } = view;
  return (
    <section className="admin-section" aria-labelledby="policy-title">
      <h2 id="policy-title">Sign-in code for everyone</h2>
      <p data-policy="">{view.policyText}</p>
      <WorkbenchForm name="policy" action={USERS_API.policy} state={state} savedText={saved('policy')}>
        <label className="choice">
          <input type="checkbox" name="required" defaultChecked={view.required} /> Every admin confirms each sign-in with a code
          from an authenticator app or with their passkey
        </label>
        <p className="field-hint">Whoever has neither is asked to set up a code at their next page.</p>
        <SubmitButton>Save</SubmitButton>
      </WorkbenchForm>
    </section>
  );
}
