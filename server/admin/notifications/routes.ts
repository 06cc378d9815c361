/**
 * /admin/notifications: "Notify me on this phone", per person and device. The page's
 * script (enhance.ts) asks the browser for a push subscription through the admin's
 * worker and sends it here; each device can be stopped again, without JavaScript too.
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_WORKER } from '../../../lib/admin/notifications.ts';
import { PUSH_API, type NotificationsPageView } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { cleanDeviceName } from '../../auth/passkeys.ts';
import { subscribe, subscriptionsOf, unsubscribe, vapidKeys } from '../../push/push.ts';
import { officeTime } from '../core/format.ts';
import { screenPage, type AdminPageDeps } from '../core/pages.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint, type AdminTopic, type PageWithState } from '../core/workbench.ts';
import NotificationsPanel from './NotificationsPanel.tsx';

const key = z
  .string()
  .regex(/^[A-Za-z0-9_-]+=*$/, 'Not a key the browser makes.')
  .max(200);

export function notificationsAdmin(deps: AdminPageDeps): AdminTopic {
  const api = new Hono<{ Variables: AdminVariables }>();
  const { built, db, env } = deps;

  const page: PageWithState = async (c, extra, status = 200) => {
    const [keys, devices] = await Promise.all([vapidKeys(db, env), subscriptionsOf(db, actorOf(c).id)]);
    const view: NotificationsPageView = {
      publicKey: keys.publicKey,
      devices: devices.map((d) => ({
        id: d.id,
        deviceName: d.deviceName,
        created: officeTime(built, d.createdAt)!,
        lastSent: officeTime(built, d.lastSentAt) ?? 'Nothing sent yet',
      })),
      api: PUSH_API,
      worker: ADMIN_WORKER,
      ...extra,
    };
    return screenPage(c, built, 'admin-notifications', createElement(NotificationsPanel, view), { form: extra.form, status });
  };

  workbenchEndpoint(api, {
    path: PUSH_API.subscribe,
    schema: z.object({
      endpoint: z
        .string()
        .url()
        .max(2000)
        .refine((u) => /^https?:\/\//.test(u), 'Not a push service address.'),
      keys: z.object({ p256dh: key, auth: key }),
      deviceName: z.string().max(200).optional(),
    }),
    form: () => 'subscribe',
    page,
    redirect: () => `${built.site.pages['admin-notifications']}?saved=subscribe`,
    save: async (c, body) => {
      const saved = await subscribe(db, actorOf(c).id, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh.replace(/=+$/, ''),
        auth: body.keys.auth.replace(/=+$/, ''),
        deviceName: cleanDeviceName(body.deviceName, 'This device'),
      });
      return { id: saved.id, deviceName: saved.deviceName };
    },
  });

  workbenchEndpoint(api, {
    path: PUSH_API.unsubscribe,
    schema: z.object({ id: z.coerce.number().int().positive().optional(), endpoint: z.string().max(2000).optional() }),
    form: (values) => `unsubscribe-${values.id ?? 'this'}`,
    page,
    redirect: () => `${built.site.pages['admin-notifications']}?saved=unsubscribe`,
    save: async (c, body) => {
      if (!(await unsubscribe(db, actorOf(c).id, body))) throw new Refusal('That device gets no notifications already.', {}, 404);
      return { removed: true };
    },
  });

  return { api, pages: { 'admin-notifications': (c) => page(c, savedOf(c)) } };
}
