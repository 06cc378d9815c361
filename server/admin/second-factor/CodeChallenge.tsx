import { SECOND_FACTOR_API, type SecondFactorPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import CodeField, { codeError } from './CodeField.tsx';
import NextField from './NextField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** The code asked after GitHub sign-in, from a session whose user has a verified factor. */
export default function CodeChallenge({ view }: { view: SecondFactorPageView }) {
  return (
    <section className="admin-section" aria-labelledby="challenge-title" data-second-factor-step="challenge">
      <h2 id="challenge-title">Enter your code</h2>
      <p>GitHub has signed you in. One more step: the 6-digit code your authenticator app shows now.</p>
      <WorkbenchForm name="challenge" action={SECOND_FACTOR_API.challenge} state={view.form}>
        <NextField next={view.next} />
        <CodeField
          id="challenge-code"
          form="challenge"
          label="Code"
          hint="Six digits from the app. Lost your phone? Type one of your recovery codes instead."
          error={codeError(view.form, 'challenge')}
        />
        <SubmitButton>Continue</SubmitButton>
      </WorkbenchForm>
    </section>
  );
}
