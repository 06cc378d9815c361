/**
 * A signed-in person adds a passkey to their own account (a GitHub user, or a
 * second device): the options for the browser, then the passkey it made, checked
 * by `@simplewebauthn/server`. JSON only: creating a passkey needs the browser's script.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { SECOND_FACTOR_API } from '../../../lib/admin/second-factor.ts';
import { OWN_PASSKEY_API } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { passkeyCredential } from '../../auth/passkey-routes.ts';
import {
  addPasskey,
  addPasskeyOptions,
  audit,
  cleanDeviceName,
  relyingParty,
  secondFactorOptions,
  signInWithPasskey,
} from '../../auth/passkeys.ts';
import { jsonError, readJsonObject } from '../../http/api-response.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { Refusal } from '../core/workbench.ts';

const addBody = z.object({ response: passkeyCredential, deviceName: z.string().max(200).optional() });

const assertion = z.object({ response: passkeyCredential, next: z.string().max(2048).optional() });

/**
 * The second factor after GitHub given with one of the user's own passkeys (user verification
 * required): the options, then the assertion. `passed` replaces the session's token, as a code does;
 * `onward` is where the page goes next.
 */
export function passkeySecondFactorPart(
  api: Hono<{ Variables: AdminVariables }>,
  { built, db, env }: AdminPageDeps,
  passed: (c: Context<{ Variables: AdminVariables }>) => Promise<void>,
  onward: (c: Context<{ Variables: AdminVariables }>, next?: string) => string,
): void {
  const rp = () => relyingParty(env.SITE_URL, built.site.facts.name);

  api.post(SECOND_FACTOR_API.passkeyOptions, async (c) => {
    if (c.get('admin').secondFactor !== 'challenge')
      return jsonError(c, 409, 'This sign-in has already given its second factor.');
    return c.json({ ok: true, options: await secondFactorOptions(db, rp(), c.get('admin').session.user.id) });
  });

  api.post(SECOND_FACTOR_API.passkey, async (c) => {
    const auth = c.get('admin');
    if (auth.secondFactor !== 'challenge') return jsonError(c, 409, 'This sign-in has already given its second factor.');
    const raw = await readJsonObject(c);
    if (!raw.ok) return raw.response;
    const parsed = assertion.safeParse(raw.value);
    if (!parsed.success) return jsonError(c, 400, 'That request is not one this page sends.');
    const result = await signInWithPasskey(db, rp(), parsed.data.response as never, auth.session.user.id);
    const login = auth.session.user.login;
    if (!result.ok) {
      await audit(db, { kind: 'passkey-refused', subject: login, detail: `second factor: ${result.reason}` });
      return jsonError(
        c,
        401,
        'That passkey could not be checked, or it took longer than 5 minutes. Try again, or type the code.',
      );
    }
    try {
      await passed(c);
    } catch (error) {
      if (error instanceof Refusal) return jsonError(c, error.status, error.message);
      throw error;
    }
    await audit(db, { kind: 'passkey-sign-in', actor: login, subject: login, detail: 'second factor after GitHub' });
    return c.json({ ok: true, redirect: onward(c, parsed.data.next) });
  });
}

export function ownPasskeysPart(api: Hono<{ Variables: AdminVariables }>, { built, db, env }: AdminPageDeps): void {
  const rp = () => relyingParty(env.SITE_URL, built.site.facts.name);

  api.post(OWN_PASSKEY_API.options, async (c) => {
    return c.json({ ok: true, options: await addPasskeyOptions(db, rp(), c.get('admin').session.user) });
  });

  api.post(OWN_PASSKEY_API.add, async (c) => {
    const raw = await readJsonObject(c);
    if (!raw.ok) return raw.response;
    const parsed = addBody.safeParse(raw.value);
    if (!parsed.success) return jsonError(c, 400, 'That request is not one this page sends.');
    const added = await addPasskey(
      db,
      rp(),
      c.get('admin').session.user,
      parsed.data.response as never,
      cleanDeviceName(parsed.data.deviceName),
    );
    if (!added) return jsonError(c, 401, 'The new passkey could not be checked, or it took longer than 5 minutes. Try again.');
    return c.json({ ok: true, deviceName: added.deviceName });
  });
}
