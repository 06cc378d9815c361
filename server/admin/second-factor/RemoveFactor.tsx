import { SECOND_FACTOR_API } from '../../../lib/admin/second-factor.ts';
import type { SecondFactorPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import CodeField, { codeError } from './CodeField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** The factor is on: how many recovery codes are left, and the form that removes it. */
export default function RemoveFactor({ view }: { view: SecondFactorPageView }) {
  return (
    <>
      <p>On. After GitHub, sign-in asks for the code from your app. {view.recoveryLeft} of 10 recovery codes are left.</p>
      {view.saved === 'challenge' ? (
        <p className="form-status" role="status">
          Signed in with a code from your authenticator app.
        </p>
      ) : null}
      <WorkbenchForm name="remove" action={SECOND_FACTOR_API.remove} state={view.form}>
        <CodeField
          id="remove-code"
          form="remove"
          label="Code, to remove it"
          hint={
            view.required
              ? 'The admin area asks everyone for a code: you will be asked to set up a new app at once.'
              : 'A code from the app or a recovery code. Sign-in then asks for GitHub alone.'
          }
          error={codeError(view.form, 'remove')}
        />
        <SubmitButton outline>Stop asking for a code (remove the app)</SubmitButton>
      </WorkbenchForm>
    </>
  );
}
