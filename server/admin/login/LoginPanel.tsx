import type { LoginView } from './view.ts';
import ScriptSubmit from '../ui/ScriptSubmit.tsx';

/** The sign-in page's message (why the last attempt failed, if it did), the passkey sign-in and the GitHub button. */
export default function LoginPanel({ signInHref, message, passkey }: LoginView) {
  return (
    <>
      {message ? (
        <div
          className={message.kind === 'error' ? 'admin-alert admin-alert-error' : 'admin-alert'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          <h2>{message.title}</h2>
          <p>{message.text}</p>
        </div>
      ) : null}
      <section className="admin-section" aria-labelledby="passkey-title">
        <h2 id="passkey-title">With a passkey</h2>
        <form data-passkey-sign-in="" data-options={passkey.options} data-action={passkey.action} noValidate>
          <div className="field">
            <label htmlFor="passkey-account">Your account</label>
            <input
              id="passkey-account"
              name="username"
              type="text"
              autoComplete="username webauthn"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby="passkey-account-hint"
            />
            <p className="field-hint" id="passkey-account-hint">
              Your phone or computer may offer your passkey here; or press the button. It asks for your face, fingerprint or
              screen lock.
            </p>
          </div>
          <ScriptSubmit kind="passkey" className="btn btn-primary btn-lg" status="Signing in with a passkey needs JavaScript.">
            Sign in with a passkey
          </ScriptSubmit>
        </form>
      </section>
      <section className="admin-section" aria-labelledby="github-title">
        <h2 id="github-title">With GitHub</h2>
        {signInHref ? (
          <>
            <p>GitHub asks you to confirm, then sends you back here.</p>
            <p>
              <a className="btn btn-outline btn-lg" href={signInHref}>
                {message?.kind === 'error' ? 'Try again: sign in with GitHub' : 'Sign in with GitHub'}
              </a>
            </p>
            <p className="field-hint">
              Only accounts the owner has given access can enter. The site reads your GitHub name and picture, nothing else.
            </p>
          </>
        ) : (
          <p>
            GitHub sign-in is not set up on this server: it needs a GitHub OAuth app, whose client ID and secret go in
            GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (the README says how).
          </p>
        )}
      </section>
    </>
  );
}
