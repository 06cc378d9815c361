import type { LoginMessage } from '../../lib/admin/sign-in.ts';
import { GITHUB_LOGIN } from './store.ts';

/** Why a sign-in ended back on /admin/login: the `error` query parameter. */
export const SIGN_IN_ERRORS = [
  'access_denied',
  'no_code',
  'bad_state',
  'used_state',
  'expired_state',
  'github_error',
  'github_timeout',
  'github_unreachable',
  'github_refused',
  'github_failed',
  'no_role',
  'not_configured',
  'too_many',
  'server_error',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

const TRY_AGAIN = 'Press the button below to try again.';

/**
 * The sentence the login page shows for each failure, in plain words. `account` is
 * the GitHub login for no_role (shown only when it is a login); `detail` is GitHub's
 * own error_description, which only ever arrives through a cookie set by the callback
 * for a sign-in this browser started.
 */
export function signInMessage(
  error: SignInError,
  extra: { account?: string; detail?: string; timeoutSeconds: number },
): LoginMessage {
  const m = (title: string, text: string): LoginMessage => ({ kind: 'error', title, text });
  switch (error) {
    case 'access_denied':
      return m('Sign-in cancelled', `GitHub says access was denied, so you are not signed in. Nothing was changed. ${TRY_AGAIN}`);
    case 'no_code':
      return m(
        'No code detected.',
        `GitHub sent you back without the sign-in code this site needs, so you are not signed in. ${TRY_AGAIN}`,
      );
    case 'bad_state':
      return m(
        'This sign-in link is not valid',
        `It was started in another browser or tab, or it was changed on the way, so it cannot sign you in. ${TRY_AGAIN}`,
      );
    case 'used_state':
      return m('This sign-in link was already used', `Each sign-in link works only once. ${TRY_AGAIN}`);
    case 'expired_state':
      return m('The sign-in took too long', `A sign-in has to be finished within 10 minutes of starting it. ${TRY_AGAIN}`);
    case 'github_error':
      return m(
        'GitHub could not sign you in',
        `${extra.detail ? `GitHub said: “${extra.detail}”` : 'GitHub reported an error and did not say why.'} ${TRY_AGAIN}`,
      );
    case 'github_timeout':
      return m(
        'GitHub did not answer',
        `GitHub did not answer within ${extra.timeoutSeconds} seconds, so the sign-in stopped. GitHub may be busy: wait a minute, then try again.`,
      );
    case 'github_unreachable':
      return m('GitHub could not be reached', `This server could not connect to GitHub. Wait a minute, then try again.`);
    case 'github_refused':
      return m(
        'GitHub refused the sign-in',
        `GitHub did not accept the sign-in code; it may have expired or been used already. ${TRY_AGAIN}`,
      );
    case 'github_failed':
      return m('GitHub gave an answer we could not read', `The sign-in stopped there. ${TRY_AGAIN}`);
    case 'no_role':
      return m(
        'This account has no access',
        `${extra.account && GITHUB_LOGIN.test(extra.account) ? `You signed in to GitHub as @${extra.account}, but this` : 'This'} account has no access to the admin area; ask the owner to give it access.`,
      );
    case 'not_configured':
      return m('Sign-in is not set up', 'GitHub sign-in is not configured on this server yet (see the README).');
    case 'too_many':
      return m('Too many attempts', 'Too many sign-ins were started from your connection. Wait ten minutes, then try again.');
    case 'server_error':
      return m('Something went wrong on our side', `The sign-in could not be completed. ${TRY_AGAIN}`);
  }
}

export function isSignInError(value: string | undefined): value is SignInError {
  return value !== undefined && (SIGN_IN_ERRORS as readonly string[]).includes(value);
}
