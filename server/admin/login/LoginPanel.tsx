import type { LoginView } from '../../../lib/admin-view.ts';

/** The sign-in page's message (why the last attempt failed, if it did) and the GitHub button. */
export default function LoginPanel({ signInHref, message }: LoginView) {
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
      {signInHref ? (
        <>
          <p>Administrators sign in with their GitHub account. GitHub asks you to confirm, then sends you back here.</p>
          <p>
            <a className="btn btn-primary btn-lg" href={signInHref}>
              {message?.kind === 'error' ? 'Try again: sign in with GitHub' : 'Sign in with GitHub'}
            </a>
          </p>
          <p className="field-hint">
            Only accounts the owner has given access can enter. The site reads your GitHub name and picture, nothing else.
          </p>
        </>
      ) : (
        <p>
          Sign-in is not set up on this server yet: it needs a GitHub OAuth app, whose client ID and secret go in GITHUB_CLIENT_ID
          and GITHUB_CLIENT_SECRET (the README says how).
        </p>
      )}
    </>
  );
}
