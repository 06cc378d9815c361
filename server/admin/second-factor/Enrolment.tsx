import { SECOND_FACTOR_API } from '../../../lib/admin/second-factor.ts';
import type { SecondFactorPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import CodeField, { codeError } from './CodeField.tsx';
import NextField from './NextField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** Setting up an authenticator app: the button that starts it, then the QR code and the first code. */
export default function Enrolment({ view }: { view: SecondFactorPageView }) {
  if (!view.enrolment) {
    return (
      <WorkbenchForm name="enrol" action={SECOND_FACTOR_API.enrol} state={view.form}>
        <NextField next={view.next} />
        <SubmitButton>Set up an authenticator app</SubmitButton>
      </WorkbenchForm>
    );
  }
  return (
    <WorkbenchForm name="verify" action={SECOND_FACTOR_API.verify} state={view.form}>
      <NextField next={view.next} />
      <ol className="enrol-steps">
        <li>Have an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and others).</li>
        <li>
          Add an account in it: scan this code with the phone,
          <div
            className="qr-code"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: view.enrolment.qrSvg }}
          />
          <p>
            On the phone with the app?{' '}
            <a className="btn btn-outline" href={view.enrolment.uri} data-otpauth-link="">
              Open in authenticator app
            </a>
          </p>
          Cannot scan or open it? Type this key instead: <code data-totp-secret="">{view.enrolment.secret}</code>
        </li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <CodeField
        id="verify-code"
        form="verify"
        label="Code from the app"
        hint="Six digits; a new one every 30 seconds."
        error={codeError(view.form, 'verify')}
      />
      <SubmitButton>Check the code and turn it on</SubmitButton>
    </WorkbenchForm>
  );
}
