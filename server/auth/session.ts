import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { Env } from '../config/env.ts';
import { isOwnOrigin } from '../http/form-post.ts';
import { requestIsHttps } from '../http/security.ts';

/** The session cookie; under https it is `__Host-admin_session` (Secure, Path=/, no Domain). */
export const SESSION_COOKIE = 'admin_session';

/** Binds a started sign-in to the browser that started it, for 10 minutes. */
export const STATE_COOKIE = 'admin_oauth_state';

/** Carries GitHub's own words about a failed sign-in to the login page, once. */
export const FLASH_COOKIE = 'admin_sign_in_message';

type SiteEnv = Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>;

export function isHttps(c: Context, env: SiteEnv): boolean {
  return requestIsHttps(env, c.req.header('x-forwarded-proto'));
}

function options(https: boolean, maxAgeSeconds?: number): CookieOptions {
  // SameSite=Lax: the cookie still comes along when GitHub sends the browser back to the callback.
  const base: CookieOptions = { httpOnly: true, sameSite: 'Lax', path: '/' };
  if (maxAgeSeconds !== undefined) base.maxAge = Math.max(0, Math.floor(maxAgeSeconds));
  return https ? { ...base, secure: true, prefix: 'host' } : base;
}

export function readCookie(c: Context, env: SiteEnv, name: string): string | undefined {
  return isHttps(c, env) ? getCookie(c, name, 'host') : getCookie(c, name);
}

export function writeCookie(c: Context, env: SiteEnv, name: string, value: string, maxAgeSeconds: number): void {
  setCookie(c, name, value, options(isHttps(c, env), maxAgeSeconds));
}

export function clearCookie(c: Context, env: SiteEnv, name: string): void {
  deleteCookie(c, name, options(isHttps(c, env)));
}

/** Sets the session cookie for a new token, living as long as the session may. */
export function writeSessionCookie(c: Context, env: SiteEnv, session: { token: string; absoluteExpiresAt: Date }): void {
  writeCookie(c, env, SESSION_COOKIE, session.token, (session.absoluteExpiresAt.getTime() - Date.now()) / 1000);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for methods that change nothing (the same-origin rule applies to the others). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/**
 * The admin's rule for requests that change something, stricter
 * than the public forms': the browser must say the request comes from this site,
 * by `Sec-Fetch-Site: same-origin` or an `Origin` that is ours. A request that says
 * neither is refused too.
 */
export function isSameOriginRequest(c: Context, env: SiteEnv): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site === 'same-origin') return true;
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = c.req.header('origin');
  return origin !== undefined && isOwnOrigin(origin, c, env);
}
