/**
 * GitHub sign-in (authorization code with state and PKCE S256), sign-out and
 * GET /api/me (docs/decisions/011-admin-sign-in-and-settings.md).
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ME_PATH, safeNextPath } from '../../lib/admin-paths.ts';
import { SIGN_IN_PATH, SIGN_OUT_PATH, type MeAnswer } from '../../lib/admin/sign-in.ts';
import { jsonError } from '../http/api-response.ts';
import type { Db } from '../db/index.ts';
import { proxyTrust, type Env } from '../config/env.ts';
import { isFormPost } from '../http/form-post.ts';
import { clientAddress, createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import type { Built } from '../built/built.ts';
import { githubConfig, sessionLimits } from '../config/auth.ts';
import { authorizeUrl, exchangeCode, fetchGitHubUser, GitHubError, pkcePair } from './github.ts';
import type { AdminVariables } from './guard.ts';
import type { SignInError } from './messages.ts';
import { describeError } from '../http/log-error.ts';
import {
  clearCookie,
  FLASH_COOKIE,
  isSameOriginRequest,
  readCookie,
  SESSION_COOKIE,
  STATE_COOKIE,
  writeCookie,
  writeSessionCookie,
} from './session.ts';
import {
  consumeOAuthState,
  createSession,
  endSession,
  endUserSessions,
  OAUTH_STATE_TTL_MS,
  randomSecret,
  roleOf,
  saveOAuthState,
  sessionOwner,
  upsertGitHubUser,
  type Role,
} from './store.ts';

/** Where GitHub sends the browser back; register `${SITE_URL}` + this as the OAuth app's callback URL. */
export const CALLBACK_PATH = '/api/auth/github/callback';

/** Sign-ins a client may start per 10 minutes: each one writes a row. */
const SIGN_INS_PER_WINDOW = 20;

const GITHUB_FAILURES: Record<GitHubError['kind'], SignInError> = {
  timeout: 'github_timeout',
  unreachable: 'github_unreachable',
  refused: 'github_refused',
  bad_answer: 'github_failed',
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** GitHub's error_description, reduced to printable text for the login page (React escapes it there). */
function describeForPage(text: string | undefined): string | null {
  if (!text) return null;
  const printable = [...text]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim();
  return printable ? printable.slice(0, 300) : null;
}

/** What the sign-in routes share, made once per app. */
interface SignIn {
  env: Env;
  db: Db;
  built: Built;
  limits: ReturnType<typeof sessionLimits>;
  starts: RateLimiter;
  redirectUri: string;
  loginPath: () => string;
  /** Back to the login page, which says what went wrong. */
  failed: (c: Context, error: SignInError, extra?: string) => Response;
}

/** GET /api/auth/github/start: a new state and PKCE pair, then off to GitHub. */
function startSignIn({ env, db, starts, redirectUri, failed }: SignIn) {
  return async (c: Context): Promise<Response> => {
    const config = githubConfig(env);
    if (!config) return failed(c, 'not_configured');
    if (!starts.hit(clientAddress(c, proxyTrust(env))).allowed) return failed(c, 'too_many');
    const next = safeNextPath(c.req.query('next'));
    const state = randomSecret();
    const pkce = pkcePair();
    try {
      await saveOAuthState(db, { state, verifier: pkce.verifier, next });
    } catch (error) {
      console.error('Could not start a sign-in:', error instanceof Error ? error.message : error);
      return failed(c, 'server_error');
    }
    // Binds the sign-in to this browser: a callback link opened elsewhere has no such cookie.
    writeCookie(c, env, STATE_COOKIE, state, OAUTH_STATE_TTL_MS / 1000);
    c.header('cache-control', 'no-store');
    return c.redirect(authorizeUrl(config, { state, challenge: pkce.challenge, redirectUri }), 302);
  };
}

/** The code GitHub gave, traded for the account; an account with a role gets a session and goes on. */
async function finishSignIn(
  { env, db, built, limits, redirectUri, loginPath, failed }: SignIn,
  c: Context,
  config: NonNullable<ReturnType<typeof githubConfig>>,
  code: string,
  consumed: { verifier: string; next: string | null },
): Promise<Response> {
  let login: string;
  try {
    const token = await exchangeCode(config, { code, verifier: consumed.verifier, redirectUri });
    const account = await fetchGitHubUser(config, token);
    const user = await upsertGitHubUser(db, account);
    login = user.login;
    let role: Role | null = null;
    try {
      role = await roleOf(db, user.id);
    } catch (lookup) {
      console.error('Role lookup failed at sign-in; treating the user as not an admin:', (lookup as Error).message);
    }
    if (role) {
      const session = await createSession(db, user.id, limits);
      writeSessionCookie(c, env, session);
      const next = consumed.next && consumed.next.split('?')[0] !== loginPath() ? consumed.next : null;
      return c.redirect(next ?? built.site.pages['admin-home'], 302);
    }
  } catch (failure) {
    if (failure instanceof GitHubError) {
      console.warn(`Sign-in stopped: ${failure.message}`);
      return failed(c, GITHUB_FAILURES[failure.kind]);
    }
    console.error(`Sign-in failed: ${describeError(failure)}`);
    return failed(c, 'server_error');
  }
  return failed(c, 'no_role', `&account=${encodeURIComponent(login)}`);
}

/** GET /api/auth/github/callback: the state checked against this browser's cookie and the stored one, once. */
function githubCallback(signIn: SignIn) {
  const { env, db, failed } = signIn;
  return async (c: Context): Promise<Response> => {
    c.header('cache-control', 'no-store');
    const config = githubConfig(env);
    const started = readCookie(c, env, STATE_COOKIE);
    clearCookie(c, env, STATE_COOKIE);
    if (!config) return failed(c, 'not_configured');
    const { state, code, error } = c.req.query();
    // A fixed sentence, whatever the link says: safe to show without checking the state first.
    if (error === 'access_denied') return failed(c, 'access_denied');
    if (!state || !started || !sameSecret(state, started)) return failed(c, 'bad_state');
    const consumed = await consumeOAuthState(db, state);
    if (!consumed.ok) {
      return failed(c, consumed.reason === 'used' ? 'used_state' : consumed.reason === 'expired' ? 'expired_state' : 'bad_state');
    }
    if (error) {
      // GitHub's own words, for a sign-in this browser started; through a cookie, so a crafted link cannot put text on the page.
      const detail = describeForPage(c.req.query('error_description'));
      if (detail) writeCookie(c, env, FLASH_COOKIE, Buffer.from(detail).toString('base64url'), 60);
      return failed(c, 'github_error');
    }
    if (!code) return failed(c, 'no_code');
    return finishSignIn(signIn, c, config, code, consumed);
  };
}

/** POST /api/auth/sign-out: this device's session (`?here=1`) or every session of the account. */
function signOut({ env, db, loginPath }: SignIn) {
  return async (c: Context): Promise<Response> => {
    c.header('cache-control', 'no-store');
    const form = isFormPost(c);
    if (!isSameOriginRequest(c, env)) {
      const message = 'Refused: sign-out is only accepted from this site’s own pages.';
      return form ? c.text(message, 403) : jsonError(c, 403, message);
    }
    const token = readCookie(c, env, SESSION_COOKIE);
    // `?here=1`: only this device's session ends; otherwise every session of the account.
    const hereOnly = c.req.query('here') === '1';
    let ended: number | null = 0;
    let signedIn = false;
    try {
      const owner = token ? await sessionOwner(db, token) : null;
      signedIn = owner !== null;
      if (owner !== null) ended = hereOnly ? await endSession(db, token!) : await endUserSessions(db, owner);
    } catch (error) {
      ended = null;
      console.error('Sign-out could not end the sessions:', error instanceof Error ? error.message : error);
    }
    // Whatever the database did, this browser is signed out.
    clearCookie(c, env, SESSION_COOKIE);
    if (form) return c.redirect(`${loginPath()}?signed_out=${ended === null ? 'partly' : hereOnly ? 'here' : '1'}`, 303);
    if (ended === null) {
      return jsonError(
        c,
        503,
        'Signed out on this device, but the database did not answer, so other devices may still be signed in.',
      );
    }
    if (!signedIn) return jsonError(c, 401, 'There was no session to end.');
    return c.json({ ok: true, ended });
  };
}

export function authApi({ env, db, built }: { env: Env; db: Db; built: Built }): Hono<{ Variables: AdminVariables }> {
  const loginPath = () => built.site.pages['admin-login'];
  const signIn: SignIn = {
    env,
    db,
    built,
    limits: sessionLimits(env),
    starts: createRateLimiter({ limit: SIGN_INS_PER_WINDOW, windowMs: 10 * 60_000 }),
    redirectUri: `${env.SITE_URL}${CALLBACK_PATH}`,
    loginPath,
    failed: (c, error, extra = '') => c.redirect(`${loginPath()}?error=${error}${extra}`, 302),
  };
  const api = new Hono<{ Variables: AdminVariables }>();
  api.get(SIGN_IN_PATH, startSignIn(signIn));
  api.get(CALLBACK_PATH, githubCallback(signIn));
  api.post(SIGN_OUT_PATH, signOut(signIn));

  // Guarded (adminGuard): only an admin gets here.
  api.get(ME_PATH, (c) => {
    const { session, role } = c.get('admin');
    const answer: MeAnswer = {
      ok: true,
      user: { login: session.user.login, name: session.user.name, avatarUrl: session.user.avatarUrl },
      role,
      session: { expiresAt: session.expiresAt.toISOString(), absoluteExpiresAt: session.absoluteExpiresAt.toISOString() },
    };
    return c.json(answer);
  });

  return api;
}
