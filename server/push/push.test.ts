import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { startPushStandIn, type PushStandIn } from '../../tests/push-stand-in.ts';
import { createOutboxWorker, type OutboxWorker } from '../leads/outbox.ts';
import { leadPush } from './messages.ts';
import { createPushSender, vapidKeys } from './push.ts';

let t: AdminTestApp;
let push: PushStandIn;
let outbox: OutboxWorker;
let owner: string;
let serial = 0;

beforeAll(async () => {
  push = await startPushStandIn();
  t = await startAdminTestApp({ standIn: false, env: { LEAD_RATE_LIMIT: '1000' } });
  owner = await t.sessionFor('push-owner', 'super_admin');
  // The outbox as server/index.ts starts it, with the push sender and no SMTP.
  outbox = createOutboxWorker({
    db: t.db,
    smtp: null,
    webhook: null,
    facts: () => t.files.site.facts,
    push: {
      sender: createPushSender(t.db, () => vapidKeys(t.db, t.env)),
      message: (lead) => leadPush(lead, t.files.site.pages['admin-lead']),
    },
    retryBaseMs: 60_000,
    leaseMs: 60_000,
    pollMs: 250,
    log: () => undefined,
  });
  outbox.start();
});

afterAll(async () => {
  await outbox?.stop();
  await t?.close();
  await push?.close();
});

function post(path: string, body: unknown, cookie = owner) {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A lead from the public form's API, as a visitor's browser sends it. */
async function submitLead(name: string): Promise<string> {
  serial++;
  const res = await t.app.request('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'consultation',
      name,
      phone: `912-555-${String(3000 + serial)}`,
      zip: '31405',
      idempotencyKey: `push-${Date.now()}-${serial}`,
      startedAt: Date.now() - 45_000,
      sentAt: Date.now(),
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

describe('a new lead on the phones of the admins who asked', () => {
  it('is pushed within 5 seconds, signed with VAPID and encrypted to the device, naming the kind, first name and area', async () => {
    const device = push.subscribe('owner-phone');
    expect((await post('/api/admin/push/subscribe', { ...device, deviceName: 'Owner’s phone' })).status).toBe(200);
    const page = (await (await t.app.request('/admin/notifications', { headers: { cookie: owner } })).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(page).toContain('Owner’s phone');

    const started = Date.now();
    const reference = await submitLead('Dana Whitfield');
    const received = await push.waitFor((p) => String(p.message.url).includes(reference), 5000);
    expect(received.at - started).toBeLessThan(5000);
    expect(received.message).toEqual({
      title: 'New consultation request',
      body: 'Dana, ZIP 31405. Call back soon: the first five minutes count most.',
      url: `/admin/lead?ref=${reference}`,
      tag: `lead-${reference}`,
    });
    expect(received.headers.urgency).toBe('high');
    expect(push.refused).toEqual([]);
    // Through the durable outbox, like the email: the push's row is marked sent.
    await expect
      .poll(async () => {
        const rows = await t.db.query<{ state: string }>(
          `SELECT n.state FROM lead_notifications n JOIN leads l ON l.id = n.lead_id WHERE l.reference = $1 AND n.channel = 'push'`,
          [reference],
        );
        return rows.map((r) => r.state);
      })
      .toEqual(['sent']);
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const device = push.subscribe('old-phone');
    expect((await post('/api/admin/push/subscribe', { ...device, deviceName: 'Old phone' })).status).toBe(200);
    push.gone('old-phone');
    const reference = await submitLead('Gone Gary');
    await push.waitFor((p) => p.device === 'owner-phone' && String(p.message.url).includes(reference));
    await expect
      .poll(async () => (await t.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [device.endpoint])).length)
      .toBe(0);
  });

  it('stops on a device when its owner says so', async () => {
    const device = push.subscribe('tablet');
    expect((await post('/api/admin/push/subscribe', { ...device, deviceName: 'Tablet' })).status).toBe(200);
    expect((await post('/api/admin/push/unsubscribe', { endpoint: device.endpoint })).status).toBe(200);
    expect((await post('/api/admin/push/unsubscribe', { endpoint: device.endpoint })).status).toBe(404);
  });
});
