/**
 * The admin guard (docs/decisions/011-admin-sign-in-and-settings.md): one
 * middleware, mounted before anything else answers, that checks every `/admin/*`
 * page but the login page and every admin API before a byte is sent.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { tryDecode } from 'hono/utils/url';
import { isAdminApiPath, isAdminPath, loginUrl, safeNextPath } from '../../lib/admin-paths.ts';
import { rolesWithAccess } from '../../lib/admin-topics.ts';
import { SECOND_FACTOR_API } from '../../lib/admin/second-factor.ts';
import { isAdminOnlyPage } from '../../lib/server-data.ts';
import { jsonError } from '../http/api-response.ts';
import type { Db } from '../db/index.ts';
import type { Env } from '../config/env.ts';
import { isFormPost } from '../http/form-post.ts';
import { splitRequestUrl } from '../http/request-url.ts';
import type { Built } from '../built/built.ts';
import { sessionLimits } from '../config/auth.ts';
import { isSameOriginRequest, isSafeMethod, readCookie, SESSION_COOKIE } from './session.ts';
import { findSession, roleOf, type ActiveSession, type Role } from './store.ts';

/**
 * The second factor this session still owes: `challenge` when the user
 * has a verified factor (or a passkey, where a second factor is required), `enrol` when one is required of every admin and they have
 * none; null once passed or when none is needed.
 */
export type SecondFactorStep = 'challenge' | 'enrol' | null;

/** What the guard hands the admin's routes: who is signed in, with which role. */
export interface AdminAuth {
  session: ActiveSession;
  role: Role;
  secondFactor: SecondFactorStep;
}

export type AdminVariables = { admin: AdminAuth };

export interface GuardDeps {
  env: Env;
  db: Db;
  built: Built;
  /** Renders the 403 page for a signed-in account without a role. */
  notAuthorised(c: Context, login: string): Promise<Response>;
}

export type Authentication =
  { kind: 'none'; hadCookie: boolean } | { kind: 'no-role'; session: ActiveSession } | { kind: 'admin'; auth: AdminAuth };

/**
 * Who sends this request: no live session, a session whose user has no role, or
 * an admin. A role lookup that fails counts as no role: the admin area fails closed.
 * A failing session lookup throws: the guard answers 503 rather than guess.
 */
export async function authenticate(c: Context, deps: Pick<GuardDeps, 'env' | 'db'>): Promise<Authentication> {
  const token = readCookie(c, deps.env, SESSION_COOKIE);
  if (!token) return { kind: 'none', hadCookie: false };
  const session = await findSession(deps.db, token, sessionLimits(deps.env));
  if (!session) return { kind: 'none', hadCookie: true };
  let role: Role | null;
  try {
    role = await roleOf(deps.db, session.user.id);
  } catch (error) {
    console.error('Role lookup failed; treating the user as not an admin:', error instanceof Error ? error.message : error);
    role = null;
  }
  if (!role) return { kind: 'no-role', session };
  return { kind: 'admin', auth: { session, role, secondFactor: await secondFactorStep(deps.db, session) } };
}

/** What the session still owes: nothing once it passed the second factor, else what the factor and the policy ask. */
async function secondFactorStep(db: Db, session: ActiveSession): Promise<SecondFactorStep> {
  if (session.secondFactorAt) return null;
  const row = await db.one<{ factor: string | null; required: boolean; passkey: boolean }>(
    `SELECT (SELECT status FROM totp_factors WHERE user_id = $1) AS factor,
            (SELECT require_second_factor FROM admin_policy) AS required,
            EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1) AS passkey`,
    [session.user.id],
  );
  // Only a verified factor counts; an enrolment left half-way asks nothing. A passkey is a
  // second factor too: where one is required, its owner is asked for it, never made to add a code.
  if (row.factor === 'verified' || (row.required && row.passkey)) return 'challenge';
  return row.required ? 'enrol' : null;
}

/**
 * The request's path with its percent-escapes decoded, so `/%61dmin` is guarded like `/admin`.
 * A path with a broken escape (`/%61pi/admin/x%ZZ`) still has its valid ones decoded, as the
 * router decodes them (Hono's tryDecode), so the guard never sees less of the admin than the router.
 */
function routedPath(c: Context): string {
  return tryDecode(splitRequestUrl(c.req.url).path, decodeURIComponent);
}

/** Where a refused form post sends the browser back to: the admin page it came from, when the Referer says so. */
function refererPage(c: Context, env: Env): string | null {
  const referer = c.req.header('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(env.SITE_URL).origin && url.host !== c.req.header('host')) return null;
    return isAdminPath(url.pathname) ? safeNextPath(url.pathname + url.search) : null;
  } catch {
    return null;
  }
}

const OPEN_ROLES = rolesWithAccess('open');
const SECOND_FACTOR_ROLES = rolesWithAccess('second-factor');

/**
 * The guard. Pages without a session redirect to the login page with `next`; APIs
 * answer 401. A session without a role gets the 403 page or a 403 answer. A
 * request that changes something must come from this site (isSameOriginRequest), or
 * it gets 403. Every admin answer is `no-store` and `noindex`.
 */
export function adminGuard(deps: GuardDeps): MiddlewareHandler<{ Variables: AdminVariables }> {
  const { env, built } = deps;
  return async (c, next) => {
    const path = routedPath(c);
    const page = isAdminPath(path) || isAdminOnlyPage(built.site, path);
    const api = isAdminApiPath(path);
    if (!page && !api) return next();
    const loginPath = built.site.pages['admin-login'];
    const open = page && OPEN_ROLES.some((role) => path === built.site.pages[role]);
    // The pages and APIs a session that still owes its second factor may use: the challenge and the enrolment.
    const secondFactorOpen = (p: string) =>
      SECOND_FACTOR_ROLES.some((role) => p === built.site.pages[role]) ||
      p === SECOND_FACTOR_API.challenge ||
      p === SECOND_FACTOR_API.enrol ||
      p === SECOND_FACTOR_API.verify ||
      p === SECOND_FACTOR_API.passkeyOptions ||
      p === SECOND_FACTOR_API.passkey;
    const form = isFormPost(c);

    const answer = async (): Promise<Response | void> => {
      if (open) {
        await next();
        return;
      }
      if (!isSafeMethod(c.req.method) && !isSameOriginRequest(c, env)) {
        const message = 'Refused: changes to the admin area are only accepted from its own pages. Go back and try again.';
        return api && !form ? jsonError(c, 403, message) : c.text(message, 403);
      }
      let who: Authentication;
      try {
        who = await authenticate(c, deps);
      } catch (error) {
        console.error('Session lookup failed:', error instanceof Error ? error.message : error);
        const message = 'The admin area is unavailable: the database did not answer. Try again in a minute.';
        return api && !form ? jsonError(c, 503, message) : c.text(message, 503);
      }
      if (who.kind === 'none') {
        if (api && !form) return jsonError(c, 401, 'Sign in first: there is no session, or it has ended.');
        const back = page ? splitRequestUrl(c.req.url) : null;
        const target = loginUrl(
          loginPath,
          back ? back.path + back.search : (refererPage(c, env) ?? built.site.pages['admin-home']),
        );
        const expired = who.hadCookie ? `${target.includes('?') ? '&' : '?'}expired=1` : '';
        // 303 for a form post, so the browser follows with a GET.
        return c.redirect(target + expired, form ? 303 : 302);
      }
      if (who.kind === 'no-role') {
        if (api && !form) return jsonError(c, 403, 'Not authorised: this account has no access to the admin area.');
        return deps.notAuthorised(c, who.session.user.login);
      }
      if (who.auth.secondFactor && !secondFactorOpen(path)) {
        if (api && !form) return jsonError(c, 401, 'Enter the code from your authenticator app first.');
        const back = page ? splitRequestUrl(c.req.url) : null;
        const next = back ? back.path + back.search : refererPage(c, env);
        const target = built.site.pages['admin-second-factor'];
        const safe = safeNextPath(next);
        return c.redirect(safe ? `${target}?next=${encodeURIComponent(safe)}` : target, form ? 303 : 302);
      }
      c.set('admin', who.auth);
      await next();
    };

    const response = await answer();
    const res = response ?? c.res;
    // Admin pages and answers are never cached by the browser, a proxy or the service worker, nor indexed.
    res.headers.set('cache-control', 'no-store');
    res.headers.set('x-robots-tag', 'noindex');
    if (response) return response;
  };
}
