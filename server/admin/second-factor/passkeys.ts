/**
 * A signed-in person adds a passkey to their own account (a GitHub user, or a
 * second device): the options for the browser, then the passkey it made, checked
 * by `@simplewebauthn/server`. JSON only: creating a passkey needs the browser's script.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { OWN_PASSKEY_API } from '../../../lib/admin-view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { addPasskey, addPasskeyOptions, cleanDeviceName, relyingParty } from '../../auth/passkeys.ts';
import { jsonError, readJsonObject } from '../../http/api-response.ts';
import type { AdminPageDeps } from '../core/deps.ts';

const addBody = z.object({
  response: z.object({ id: z.string().min(1).max(1400), type: z.literal('public-key') }).passthrough(),
  deviceName: z.string().max(200).optional(),
});

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
