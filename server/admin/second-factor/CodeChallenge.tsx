import { SECOND_FACTOR_API } from '../../../lib/admin/second-factor.ts';
import type { SecondFactorPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import CodeField, { codeError } from './CodeField.tsx';
import NextField from './NextField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/**
 * The second step after GitHub sign-in: the user's passkey (when they have one) or the code of
 * their authenticator app (when they set one up).
 */
export default function CodeChallenge({ view }: { view: SecondFactorPageView }) {
  const code = view.status === 'verified';
  const passkey = view.passkeys.length > 0;
  return (
    <section className="admin-section" aria-labelledby="challenge-title" data-second-factor-step="challenge">
      <h2 id="challenge-title">{code ? 'Enter your code' : 'Use your passkey'}</h2>
      <p>
        GitHub has signed you in. One more step:{' '}
        {code && passkey
          ? 'your passkey, or the 6-digit code your authenticator app shows now.'
          : code
            ? 'the 6-digit code your authenticator app shows now.'
            : 'your passkey (Face ID, fingerprint or screen lock).'}
      </p>
      {passkey ? (
        <form
          className="passkey-second-factor"
          data-passkey-second-factor=""
          data-options={SECOND_FACTOR_API.passkeyOptions}
          data-action={SECOND_FACTOR_API.passkey}
          data-next={view.next ?? ''}
        >
          <button type="submit" className="btn btn-primary" data-passkey-button="" hidden>
            Use your passkey
          </button>
          <p className="form-status" role="status" aria-live="polite" data-passkey-status="">
            Using a passkey needs JavaScript in this browser.
          </p>
        </form>
      ) : null}
      {code ? <CodeForm view={view} /> : null}
    </section>
  );
}

function CodeForm({ view }: { view: SecondFactorPageView }) {
  return (
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
  );
}
