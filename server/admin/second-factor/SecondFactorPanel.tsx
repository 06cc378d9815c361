import type { SecondFactorPageView } from './view.ts';
import CodeChallenge from './CodeChallenge.tsx';
import Enrolment from './Enrolment.tsx';
import OwnPasskeys from './OwnPasskeys.tsx';
import RecoveryCodes from './RecoveryCodes.tsx';
import RemoveFactor from './RemoveFactor.tsx';

/**
 * The second factor: the code asked after GitHub sign-in, setting up an
 * authenticator from a QR code, the recovery codes shown once, and removal.
 */
export default function SecondFactorPanel(view: SecondFactorPageView) {
  if (view.recoveryCodes) return <RecoveryCodes view={view} />;
  if (view.step === 'challenge') return <CodeChallenge view={view} />;
  return (
    <>
      <section
        className="admin-section"
        aria-labelledby="factor-title"
        data-second-factor-step={view.step ?? undefined}
        data-factor-status={view.status}
      >
        <h2 id="factor-title">Authenticator app</h2>
        {view.step === 'enrol' ? (
          <p className="admin-alert">
            Every admin now needs a code from an authenticator app after GitHub sign-in. Set up an authenticator app to go on; it
            takes a minute.
          </p>
        ) : null}
        {view.status === 'verified' ? (
          <RemoveFactor view={view} />
        ) : (
          <>
            <p>
              {view.saved === 'remove'
                ? 'Removed. Sign-in asks for GitHub alone.'
                : 'Off. With it on, someone who gets into your GitHub account still cannot open the admin area.'}
            </p>
            <Enrolment view={view} />
          </>
        )}
      </section>
      {view.step === null ? <OwnPasskeys view={view} /> : null}
    </>
  );
}
