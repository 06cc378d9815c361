import { createHmac, randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SiteFacts } from '../../lib/site-facts.ts';
import type { Db } from '../db/index.ts';
import type { SmtpConfig, WebhookConfig } from '../config/leads.ts';
import {
  notificationHtml,
  notificationSubject,
  notificationText,
  webhookPayload,
  type NotificationFacts,
} from './notification-content.ts';
import type { PushMessage, PushSender } from '../push/push.ts';
import { findLeadsByIds, type LeadRecord, type NotificationChannel } from './store.ts';

/** Sends in flight per instance; also the most duplicates a hard kill can cause. */
export const OUTBOX_CONCURRENCY = 4;
const BATCH_SIZE = 20;
const POLL_MS = 2_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const SEND_TIMEOUT_MS = 30_000;

export interface OutboxOptions {
  db: Db;
  smtp: SmtpConfig | null;
  webhook: WebhookConfig | null;
  /** First retry delay; doubles per failed attempt up to an hour. */
  retryBaseMs: number;
  /** How long a claim lasts before another instance may take the row over. */
  leaseMs: number;
  /**
   * The business facts as the current build states them: the email goes to their
   * `email`, and states the office ZIP, radius and time zone. Read per send, so a
   * reloaded build's facts apply at once.
   */
  facts: () => OutboxFacts;
  /** Pushes to the admins' devices (server/push/push.ts), and the words of a lead's push. */
  push?: { sender: PushSender; message: (lead: LeadRecord) => PushMessage } | null;
  pollMs?: number;
  log?: (line: string) => void;
}

export interface OutboxWorker {
  /** Starts polling (and listening to `wakeOutbox`). */
  start(): void;
  /** Stops polling and waits for sends in flight. */
  stop(): Promise<void>;
  /** Claims and sends everything due now, until nothing is left; returns the number of rows attempted. */
  drain(): Promise<number>;
}

interface Claimed {
  id: number;
  lead_id: number;
  channel: NotificationChannel;
  message_id: string;
  attempts: number;
}

const wakeListeners = new Set<() => void>();

/** Tells the workers of this process that a notification was just written (they also poll). */
export function wakeOutbox(): void {
  for (const listener of wakeListeners) listener();
}

/** Delay before attempt `attempts + 1`, with ±20 % jitter so instances do not retry in step. */
export function backoffMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/** HMAC-SHA256 over `timestamp.body`, hex: what X-Webhook-Signature carries as `sha256=…`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function createMailer(smtp: SmtpConfig): Transporter {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
    pool: true,
    maxConnections: OUTBOX_CONCURRENCY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: SEND_TIMEOUT_MS,
    // Nothing we send refers to files or URLs; refuse them outright.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

export type OutboxFacts = NotificationFacts & Pick<SiteFacts, 'name' | 'email'>;

async function sendEmail(mailer: Transporter, smtp: SmtpConfig, facts: OutboxFacts, lead: LeadRecord, messageId: string) {
  await mailer.sendMail({
    from: smtp.from,
    to: facts.email,
    ...(lead.email ? { replyTo: { name: lead.name, address: lead.email } } : {}),
    subject: notificationSubject(lead),
    text: notificationText(lead, facts),
    html: notificationHtml(lead, facts),
    // Fixed when the lead was stored: a resend after a crash carries the same id, so the receiver can drop it.
    messageId,
    headers: { 'X-Lead-Reference': lead.reference },
  });
}

async function sendWebhook(webhook: WebhookConfig, senderName: string, lead: LeadRecord, deliveryId: string) {
  const body = JSON.stringify(webhookPayload(lead, deliveryId));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(webhook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': `${senderName} lead webhook`,
      'x-webhook-id': deliveryId,
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': `sha256=${webhookSignature(webhook.secret, timestamp, body)}`,
    },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  // Drain the body so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

/**
 * The durable outbox's delivery side (docs/decisions/006-leads-never-lost.md). Rows
 * are claimed with `FOR UPDATE SKIP LOCKED`, so instances sharing one PostgreSQL
 * never claim the same row while a lease runs; on PGlite (one process) it is the
 * same SQL. Every failure is written back with its next attempt time, so
 * retries survive restarts.
 */
// Long because claim, send, record and schedule share one worker's timer and in-flight state.
export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const { db, smtp, webhook } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const push = options.push ?? null;
  const channels: NotificationChannel[] = [
    ...(smtp ? ['email' as const] : []),
    ...(webhook ? ['webhook' as const] : []),
    ...(push ? ['push' as const] : []),
  ];
  const mailer = smtp ? createMailer(smtp) : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let closing = false;
  let draining: Promise<number> | undefined;
  let again = false;

  const claim = (claimId: string) =>
    db.query<Claimed>(
      `WITH due AS (
         SELECT id FROM lead_notifications
         WHERE channel IN (${channels.map((c) => `'${c}'`).join(', ')})
           AND ((state IN ('pending', 'failed') AND next_attempt_at <= now())
             OR (state = 'sending' AND claimed_until < now()))
         ORDER BY next_attempt_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE lead_notifications n
       SET state = 'sending', claim_id = $2, claimed_until = now() + $3::float8 * interval '1 millisecond',
           attempts = n.attempts + 1, last_attempt_at = now()
       FROM due WHERE n.id = due.id
       RETURNING n.id, n.lead_id, n.channel, n.message_id, n.attempts`,
      [BATCH_SIZE, claimId, options.leaseMs],
    );

  const deliver = async (row: Claimed, lead: LeadRecord | undefined, claimId: string) => {
    try {
      if (!lead) throw new Error(`lead ${row.lead_id} is gone`);
      const facts = options.facts();
      if (row.channel === 'email') await sendEmail(mailer!, smtp!, facts, lead, row.message_id);
      else if (row.channel === 'push') await push!.sender.send(['admin', 'super_admin'], push!.message(lead));
      else await sendWebhook(webhook!, facts.name, lead, row.message_id);
      await db.query(
        `UPDATE lead_notifications SET state = 'sent', sent_at = now(), claim_id = NULL, claimed_until = NULL, last_error = NULL
         WHERE id = $1 AND claim_id = $2`,
        [row.id, claimId],
      );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const delay = backoffMs(row.attempts, options.retryBaseMs);
      log(
        `Lead notification ${row.id} (${row.channel}) failed, attempt ${row.attempts}, retry in ${Math.round(delay / 1000)} s: ${reason}`,
      );
      await db
        .query(
          `UPDATE lead_notifications
           SET state = 'failed', claim_id = NULL, claimed_until = NULL, last_error = $3,
               next_attempt_at = now() + $4::float8 * interval '1 millisecond'
           WHERE id = $1 AND claim_id = $2`,
          [row.id, claimId, reason, delay],
        )
        .catch((dbError: unknown) => {
          // The lease expires and the row is retried anyway.
          log(`Could not record the failure of notification ${row.id}: ${(dbError as Error).message}`);
        });
    }
  };

  const batch = async (): Promise<number> => {
    const claimId = randomUUID();
    const rows = await claim(claimId);
    if (rows.length === 0) return 0;
    const leads = await findLeadsByIds(db, [...new Set(rows.map((r) => r.lead_id))]);
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        await deliver(row, leads.get(row.lead_id), claimId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(OUTBOX_CONCURRENCY, rows.length) }, lane));
    return rows.length;
  };

  const drainOnce = async (): Promise<number> => {
    if (channels.length === 0) return 0;
    let total = 0;
    do {
      again = false;
      while (!closing) {
        const n = await batch();
        total += n;
        if (n < BATCH_SIZE) break;
      }
    } while (again && !closing);
    return total;
  };

  const drain = (): Promise<number> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drainOnce().finally(() => {
      draining = undefined;
    });
    return draining;
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, options.pollMs ?? POLL_MS);
  };

  const tick = () => {
    drain()
      .catch((error: unknown) => log(`Lead outbox: ${(error as Error).message}`))
      .finally(schedule);
  };

  const onWake = () => {
    if (!stopped) tick();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      wakeListeners.add(onWake);
      tick();
    },
    async stop() {
      stopped = true;
      closing = true;
      wakeListeners.delete(onWake);
      clearTimeout(timer);
      await draining?.catch(() => undefined);
      mailer?.close();
    },
    drain,
  };
}
