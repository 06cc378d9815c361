import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { jsonError, readJsonObject, withoutNul } from './api-response.ts';
import type { Env } from '../config/env.ts';

/** A plain HTML form post (no JavaScript): its answers are pages, never JSON. */
export function isFormPost(c: Context): boolean {
  const type = c.req.header('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

export type PostedBody =
  { ok: true; form: boolean; raw: Record<string, unknown> } | { ok: false; form: boolean; problem: string; response?: Response };

/**
 * The body of a form post (string fields only) or of a JSON post. A malformed
 * multipart or form body is the sender's mistake: it comes back as a problem
 * for a 400, never as a thrown error (a 500 and a stack trace per request).
 */
export async function readPostedBody(c: Context): Promise<PostedBody> {
  const form = isFormPost(c);
  if (!form) {
    const body = await readJsonObject(c);
    return body.ok
      ? { ok: true, form, raw: body.value }
      : { ok: false, form, problem: 'The request body is not valid JSON.', response: body.response };
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = await c.req.parseBody();
  } catch {
    return { ok: false, form, problem: 'Your browser sent the form in a way we could not read.' };
  }
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') raw[key] = withoutNul(value);
  return { ok: true, form, raw };
}

/**
 * A body limit whose refusal speaks the sender's language: `onFormTooLarge`
 * builds the page for a form post, JSON posts get the API error shape.
 */
export function postBodyLimit(
  maxSize: number,
  message: string,
  onFormTooLarge: (c: Context, message: string) => Response | Promise<Response>,
): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => (isFormPost(c) ? onFormTooLarge(c, message) : jsonError(c, 413, message)),
  });
}

/** The origins that count as this site: the request's own host, SITE_URL, and behind a trusted proxy the forwarded host. */
export function isOwnOrigin(origin: string, c: Context, env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: not this site.
    return false;
  }
  if (host === c.req.header('host')) return true;
  if (origin === new URL(env.SITE_URL).origin) return true;
  return env.TRUST_PROXY && host === c.req.header('x-forwarded-host')?.split(',', 1)[0]?.trim();
}

/**
 * True when the browser says the request comes from another site: a
 * `Sec-Fetch-Site: cross-site`, or an `Origin` that is not ours. A request that
 * carries neither (an old browser, a script) is not judged by them.
 */
export function isCrossSite(c: Context, env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && !isOwnOrigin(origin, c, env);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites: any
 * website could otherwise make its visitors submit leads to us. The refusal is
 * `onRefused`'s page (with the phone number) for form posts, JSON otherwise.
 */
export function refuseCrossSite(
  env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>,
  message: () => string,
  onRefused: (c: Context, message: string) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !isCrossSite(c, env)) return next();
    return isFormPost(c) ? onRefused(c, message()) : jsonError(c, 403, message());
  };
}
