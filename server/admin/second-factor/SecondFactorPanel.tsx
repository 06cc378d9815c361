import { SECOND_FACTOR_API, type SecondFactorPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm, { fieldProblem } from '../ui/WorkbenchForm.tsx';

function CodeField({ id, form, label, hint, error }: { id: string; form: string; label: string; hint: string; error?: string }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        id={id}
        name="code"
        type="text"
        autoComplete="one-time-code"
        inputMode={form === 'challenge' ? 'text' : 'numeric'}
        spellCheck={false}
        autoCapitalize="none"
        maxLength={20}
        required
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={error ? true : undefined}
      />
      <p className="field-error" id={`${id}-error`} data-field-error="code" hidden={!error}>
        {error}
      </p>
    </div>
  );
}

/**
 * The second factor (issue 10): the code asked after GitHub sign-in, setting up an
 * authenticator from a QR code, the recovery codes shown once, and removal.
 */
export default function SecondFactorPanel(view: SecondFactorPageView) {
  const { form: state } = view;
  const error = (form: string) => fieldProblem(state, form, 'code') ?? (state?.form === form ? state.error : undefined);
  const nextField = view.next ? <input type="hidden" name="next" value={view.next} /> : null;

  if (view.recoveryCodes) {
    return (
      <section className="admin-section" aria-labelledby="codes-title" data-recovery-codes="">
        <h2 id="codes-title">Your recovery codes</h2>
        <p>
          Your authenticator app is set up. Keep these ten codes somewhere safe, away from your phone: each one signs you in once
          if the phone is lost. They are shown only now.
        </p>
        <ul className="recovery-codes">
          {view.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <p>
          <a className="btn btn-primary" href={view.next ?? '/admin'}>
            I have kept them: continue
          </a>
        </p>
      </section>
    );
  }

  if (view.step === 'challenge') {
    return (
      <section className="admin-section" aria-labelledby="challenge-title" data-second-factor-step="challenge">
        <h2 id="challenge-title">Enter your code</h2>
        <p>GitHub has signed you in. One more step: the 6-digit code your authenticator app shows now.</p>
        <WorkbenchForm name="challenge" action={SECOND_FACTOR_API.challenge} state={state}>
          {nextField}
          <CodeField
            id="challenge-code"
            form="challenge"
            label="Code"
            hint="Six digits from the app. Lost your phone? Type one of your recovery codes instead."
            error={error('challenge')}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Continue
            </button>
          </div>
        </WorkbenchForm>
      </section>
    );
  }

  const enrolment = view.enrolment ? (
    <WorkbenchForm name="verify" action={SECOND_FACTOR_API.verify} state={state}>
      {nextField}
      <ol className="enrol-steps">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and others).</li>
        <li>
          Add an account and scan this code:
          <div
            className="qr-code"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: view.enrolment.qrSvg }}
          />
          Cannot scan? Type this key instead: <code data-totp-secret="">{view.enrolment.secret}</code>
        </li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <CodeField
        id="verify-code"
        form="verify"
        label="Code from the app"
        hint="Six digits; a new one every 30 seconds."
        error={error('verify')}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          Check the code and turn it on
        </button>
      </div>
    </WorkbenchForm>
  ) : (
    <WorkbenchForm name="enrol" action={SECOND_FACTOR_API.enrol} state={state}>
      {nextField}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          Set up an authenticator app
        </button>
      </div>
    </WorkbenchForm>
  );

  return (
    <section
      className="admin-section"
      aria-labelledby="factor-title"
      data-second-factor-step={view.step ?? undefined}
      data-factor-status={view.status}
    >
      <h2 id="factor-title">Authenticator app</h2>
      {view.step === 'enrol' ? (
        <p className="admin-alert">
          Every admin needs a second factor now. Set up an authenticator app to go on; it takes a minute.
        </p>
      ) : null}
      {view.status === 'verified' ? (
        <>
          <p>On. After GitHub, sign-in asks for the code from your app. {view.recoveryLeft} of 10 recovery codes are left.</p>
          {view.saved === 'challenge' ? (
            <p className="form-status" role="status">
              Signed in with your second factor.
            </p>
          ) : null}
          <WorkbenchForm name="remove" action={SECOND_FACTOR_API.remove} state={state}>
            <CodeField
              id="remove-code"
              form="remove"
              label="Code, to remove it"
              hint={
                view.required
                  ? 'A super admin requires a second factor: you will be asked to set up a new one at once.'
                  : 'A code from the app or a recovery code. Sign-in then asks for GitHub alone.'
              }
              error={error('remove')}
            />
            <div className="form-actions">
              <button type="submit" className="btn btn-outline">
                Remove the second factor
              </button>
            </div>
          </WorkbenchForm>
        </>
      ) : (
        <>
          <p>
            {view.saved === 'remove'
              ? 'Removed. Sign-in asks for GitHub alone.'
              : 'Off. With it on, someone who gets into your GitHub account still cannot open the admin area.'}
          </p>
          {enrolment}
        </>
      )}
    </section>
  );
}
