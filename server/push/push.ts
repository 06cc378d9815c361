/**
 * Push notifications to the admins' devices (docs/decisions/060-installable-admin-and-push.md),
 * with Web Push and VAPID through the `web-push` library: the key pair, each person's
 * subscriptions, and sending. A subscription the push service answers 404 or 410 for
 * is gone for good and is removed; one that fails five times running is removed too.
 */
import webpush from 'web-push';
import type { Env } from '../config/env.ts';
import type { Db, Queryable } from '../db/index.ts';

/** Sends that fail in a row before a subscription is given up. */
export const MAX_FAILURES = 5;
/** A push older than this is not worth showing: the push service may drop it. */
const TTL_SECONDS = 60 * 60;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const kept = new WeakMap<Db, Promise<VapidKeys>>();

/** The key pair from the environment, else the one kept in the database (made at first start, read once per process). */
export function vapidKeys(
  db: Db,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SITE_URL'>,
): Promise<VapidKeys> {
  let keys = kept.get(db);
  if (!keys) {
    keys = readOrMakeKeys(db, env);
    kept.set(db, keys);
    keys.catch(() => kept.delete(db));
  }
  return keys;
}

async function readOrMakeKeys(
  db: Db,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SITE_URL'>,
): Promise<VapidKeys> {
  // Push services take an https: or mailto: subject; a plain-http development address gets a mailto: one.
  const subject =
    env.VAPID_SUBJECT ?? (env.SITE_URL.startsWith('https://') ? env.SITE_URL : `mailto:admin@${new URL(env.SITE_URL).hostname}`);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const made = webpush.generateVAPIDKeys();
  // Of two processes starting at once, the first key pair written is everyone's. The read is a statement of
  // its own: an insert that waited for the other process's and then did nothing runs on a snapshot taken
  // before that one committed, in which the table is still empty.
  const written = await db.maybeOne<{ public_key: string; private_key: string }>(
    'INSERT INTO push_keys (public_key, private_key) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING public_key, private_key',
    [made.publicKey, made.privateKey],
  );
  const row =
    written ?? (await db.one<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_keys'));
  return { publicKey: row.public_key, privateKey: row.private_key, subject };
}

export interface Subscription {
  id: number;
  userId: number;
  endpoint: string;
  deviceName: string;
  createdAt: Date;
  lastSentAt: Date | null;
}

interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_name: string;
  created_at: Date;
  last_sent_at: Date | null;
}

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  userId: r.user_id,
  endpoint: r.endpoint,
  deviceName: r.device_name,
  createdAt: r.created_at,
  lastSentAt: r.last_sent_at,
});

/** Saves this device's subscription for the user; the same endpoint again moves to them with the new keys. */
export async function subscribe(
  db: Queryable,
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string; deviceName: string },
): Promise<Subscription> {
  const row = await db.one<SubscriptionRow>(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device_name) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       device_name = EXCLUDED.device_name, failures = 0
     RETURNING *`,
    [userId, sub.endpoint, sub.p256dh, sub.auth, sub.deviceName],
  );
  return toSubscription(row);
}

/** Removes one of the user's subscriptions, by endpoint or id. True when there was one. */
export async function unsubscribe(db: Queryable, userId: number, which: { endpoint?: string; id?: number }): Promise<boolean> {
  const rows = await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND (endpoint = $2 OR id = $3) RETURNING id', [
    userId,
    which.endpoint ?? null,
    which.id ?? null,
  ]);
  return rows.length > 0;
}

export async function subscriptionsOf(db: Queryable, userId: number): Promise<Subscription[]> {
  const rows = await db.query<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id', [
    userId,
  ]);
  return rows.map(toSubscription);
}

/** True when anyone with a role asked to be notified (a new lead then gets a push notification row). */
export async function anyoneSubscribed(db: Queryable): Promise<boolean> {
  return (await db.maybeOne('SELECT 1 FROM push_subscriptions s JOIN user_roles r ON r.user_id = s.user_id LIMIT 1')) !== null;
}

export interface PushMessage {
  title: string;
  body: string;
  /** The admin page the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

export interface PushSender {
  /** Sends to every device of the people with one of `roles`; throws when some could not be reached (to be retried). */
  send(roles: readonly ('admin' | 'super_admin')[], message: PushMessage): Promise<{ sent: number; removed: number }>;
}

/** Thrown for a push service's refusal, with its status (404 and 410: the subscription is gone). */
class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

/**
 * One push: `web-push` makes the request (the payload encrypted to the device, RFC 8291,
 * and the VAPID signature, RFC 8292); fetch sends it, so a push service on plain http
 * (the tests' stand-in) is reached as well as the real ones on https.
 */
async function deliver(row: SubscriptionRow, payload: string, vapid: VapidKeys): Promise<void> {
  const request = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'high',
    },
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new PushRefused(res.status);
}

export function createPushSender(db: Db, keys: () => Promise<VapidKeys>): PushSender {
  return {
    async send(roles, message) {
      const vapid = await keys();
      const rows = await db.query<SubscriptionRow>(
        `SELECT s.* FROM push_subscriptions s JOIN user_roles r ON r.user_id = s.user_id WHERE r.role = ANY($1::text[])`,
        [[...roles]],
      );
      const payload = JSON.stringify(message);
      let sent = 0;
      let removed = 0;
      const failures: string[] = [];
      await Promise.all(
        rows.map(async (row) => {
          try {
            await deliver(row, payload, vapid);
            sent++;
            await db.query('UPDATE push_subscriptions SET last_sent_at = now(), failures = 0 WHERE id = $1', [row.id]);
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) {
              // The browser unsubscribed or the subscription expired: it will never work again.
              await db.query('DELETE FROM push_subscriptions WHERE id = $1', [row.id]);
              removed++;
              return;
            }
            const gone = await db.maybeOne(
              `UPDATE push_subscriptions SET failures = failures + 1 WHERE id = $1 RETURNING failures >= $2 AS gone`,
              [row.id, MAX_FAILURES],
            );
            if ((gone as { gone?: boolean } | null)?.gone) {
              await db.query('DELETE FROM push_subscriptions WHERE id = $1', [row.id]);
              removed++;
            }
            failures.push(`${new URL(row.endpoint).host}: ${status ?? (error as Error).message}`);
          }
        }),
      );
      if (failures.length > 0 && sent === 0) throw new Error(`push not delivered (${failures.join('; ')})`);
      return { sent, removed };
    },
  };
}
