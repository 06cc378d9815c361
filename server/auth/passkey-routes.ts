/**
 * The open passkey APIs (docs/decisions/059-passkeys-and-invitations.md): signing in with
 * a passkey, and accepting an invitation by creating one. Nobody is signed in yet,
 * so the guard does not cover them: each checks the same-origin rule, takes JSON
 * only, and is rate limited per address. A success starts a session that has passed
 * the second factor, under a new token; a session this browser had is ended.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { safeNextPath } from '../../lib/admin-paths.ts';
import { PASSKEY_API } from '../../lib/admin/sign-in.ts';
import type { Built } from '../built/built.ts';
import { sessionLimits } from '../config/auth.ts';
import { proxyTrust, type Env } from '../config/env.ts';
import type { Db } from '../db/index.ts';
import { jsonError, readValidJson } from '../http/api-response.ts';
import { clientAddress, createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { acceptInvitation, findInvitation, invitationOptions } from './invitations.ts';
import { audit, cleanDeviceName, relyingParty, signInOptions, signInWithPasskey } from './passkeys.ts';
import { isSameOriginRequest, readCookie, SESSION_COOKIE, writeSessionCookie } from './session.ts';
import { createSession, hashSecret, looksLikeSecret, type User } from './store.ts';

/** What the browser's passkey ceremony answers, checked in full by @simplewebauthn/server. */
export const passkeyCredential = z.object({ id: z.string().min(1).max(1400), type: z.literal('public-key') }).passthrough();
const token = z.string().max(100);
const deviceName = z.string().max(200).optional();

const INVITATION_REFUSED = {
  unknown: 'This invitation link is not valid. Ask for a new one.',
  used: 'This invitation link was already used. Each works once: ask for a new one.',
  expired: 'This invitation link has expired (they last 72 hours). Ask for a new one.',
} as const;

/** What the passkey routes share, made once per app. */
interface Passkeys {
  env: Env;
  db: Db;
  built: Built;
  limits: ReturnType<typeof sessionLimits>;
  attempts: RateLimiter;
  rp: () => ReturnType<typeof relyingParty>;
  address: (c: Context) => string;
}

/** Every passkey POST: same-origin only and rate limited per address; none is cached. */
function guardPasskeyPosts({ env, attempts, address }: Passkeys): MiddlewareHandler {
  return async (c, next) => {
    c.header('cache-control', 'no-store');
    if (c.req.method !== 'POST') return next();
    if (!isSameOriginRequest(c, env)) return jsonError(c, 403, 'Refused: passkeys are only accepted from this site’s own pages.');
    const hit = attempts.hit(address(c));
    if (!hit.allowed) {
      return jsonError(c, 429, 'Too many passkey attempts from your connection. Wait ten minutes, then try again.', undefined, {
        'retry-after': String(hit.retryAfterSeconds),
      });
    }
    return next();
  };
}

/** A body that is not what our pages send is refused without saying which field: nobody typed it. */
const readBody = <S extends z.ZodType>(c: Context, schema: S) =>
  readValidJson(c, schema, 'That request is not one this page sends.', { fields: false });

/** Signs this browser in as `user` under a new token; whatever session it had before ends. */
async function startSession({ env, db, limits }: Passkeys, c: Context, user: User): Promise<void> {
  const previous = readCookie(c, env, SESSION_COOKIE);
  if (looksLikeSecret(previous)) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashSecret(previous)]);
  writeSessionCookie(c, env, await createSession(db, user.id, limits, { secondFactor: true }));
}

/** A passkey's answer checked; a known passkey of an account with a role signs in and goes on. */
function passkeySignIn(passkeys: Passkeys) {
  const { db, built, rp, address } = passkeys;
  return async (c: Context): Promise<Response> => {
    const read = await readBody(c, z.object({ response: passkeyCredential, next: z.string().max(2048).optional() }));
    if (!read.ok) return read.response;
    const result = await signInWithPasskey(db, rp(), read.value.response as never);
    if (!result.ok) {
      await audit(db, { kind: 'passkey-refused', detail: result.reason, address: address(c) });
      const message =
        result.reason === 'unknown-passkey'
          ? 'This passkey is not known here: it may have been removed. Sign in another way, or ask for a new invitation.'
          : 'The passkey could not be checked, or it took longer than 5 minutes. Try again.';
      return jsonError(c, 401, message);
    }
    if (!result.role) {
      await audit(db, { kind: 'passkey-refused', subject: result.user.login, detail: 'no role', address: address(c) });
      return jsonError(c, 403, 'This passkey’s account has no access to the admin area any more; ask the owner.');
    }
    await startSession(passkeys, c, result.user);
    await audit(db, { kind: 'passkey-sign-in', actor: result.user.login, subject: result.user.login, address: address(c) });
    const next = safeNextPath(read.value.next);
    const onward = next && next.split('?')[0] !== built.site.pages['admin-login'] ? next : built.site.pages['admin-home'];
    return c.json({ ok: true, redirect: onward });
  };
}

/** An invitation answered with a new passkey: the account is made, and signed in. */
function invitationAccepted(passkeys: Passkeys) {
  const { db, built, rp } = passkeys;
  return async (c: Context): Promise<Response> => {
    const read = await readBody(c, z.object({ token, response: passkeyCredential, deviceName }));
    if (!read.ok) return read.response;
    const { value } = read;
    const result = await acceptInvitation(db, rp(), value.token, value.response as never, cleanDeviceName(value.deviceName));
    if (!result.ok) {
      if (result.reason === 'not-verified') {
        return jsonError(c, 401, 'The new passkey could not be checked, or it took longer than 5 minutes. Try again.');
      }
      return jsonError(c, 410, INVITATION_REFUSED[result.reason]);
    }
    await startSession(passkeys, c, result.user);
    return c.json({ ok: true, redirect: built.site.pages['admin-home'], role: result.role });
  };
}

export function passkeyApi({ env, db, built }: { env: Env; db: Db; built: Built }): Hono {
  const passkeys: Passkeys = {
    env,
    db,
    built,
    limits: sessionLimits(env),
    attempts: createRateLimiter({ limit: env.PASSKEY_RATE_LIMIT, windowMs: 10 * 60_000 }),
    rp: () => relyingParty(env.SITE_URL, built.site.facts.name),
    address: (c) => clientAddress(c, proxyTrust(env)),
  };
  const api = new Hono();
  api.use('/api/auth/passkey/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => jsonError(c, 413, 'That is too much data.') }));
  api.use('/api/auth/passkey/*', guardPasskeyPosts(passkeys));

  api.post(PASSKEY_API.signInOptions, async (c) => c.json({ ok: true, options: await signInOptions(db, passkeys.rp()) }));
  api.post(PASSKEY_API.signIn, passkeySignIn(passkeys));
  api.post(PASSKEY_API.invitationOptions, async (c) => {
    const read = await readBody(c, z.object({ token }));
    if (!read.ok) return read.response;
    const found = await findInvitation(db, read.value.token);
    if (!found.ok) return jsonError(c, 410, INVITATION_REFUSED[found.reason]);
    return c.json({ ok: true, options: await invitationOptions(db, passkeys.rp(), found.invitation) });
  });
  api.post(PASSKEY_API.invitation, invitationAccepted(passkeys));
  return api;
}
