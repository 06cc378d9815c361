import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { site } from '../../content/site.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../../tests/smtp-stand-in.ts';
import { freePort } from '../../tests/server-process.ts';
import type { Db } from '../db/index.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import { backoffMs, createOutboxWorker, webhookSignature, type OutboxWorker } from './outbox.ts';
import { bookableDates } from '../../lib/lead-schema.ts';
import { fixtureServerData } from '../../tests/dist-fixture.ts';
import { createLead, type LeadRecord, type NotificationChannel } from './store.ts';
import { openParallelTestDb, sampleLead, sampleNewLead } from '../../tests/lead-fixtures.ts';

const FACTS = fixtureServerData().facts;

const postgresUrl = await reachableTestPostgres();

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function storeLeads(db: Db, n: number, channels: NotificationChannel[] = ['email']): Promise<LeadRecord[]> {
  const leads: LeadRecord[] = [];
  for (let i = 0; i < n; i++) {
    const lead = sampleLead({
      kind: i % 2 ? 'inspection' : 'consultation',
      email: `visitor${i}@example.com`,
      message: `Water stains in room ${i}`,
      streetAddress: `${i + 1} Abercorn St`,
      preferredDate: DATES[i % DATES.length],
      preferredWindow: 'afternoon',
      urgency: 'emergency',
      utmSource: 'google',
    });
    const result = await createLead(db, sampleNewLead(lead), {
      channels,
      messageIdDomain: 'outbox.test',
      timeZone: FACTS.timeZone,
    });
    if (result.status !== 'created') throw new Error(`lead ${i} was not created: ${result.status}`);
    leads.push(result.lead);
  }
  return leads;
}

const DATES = bookableDates(new Date(), FACTS.timeZone);

const smtpFor = (port: number) => ({ host: '127.0.0.1', port, secure: false, from: 'Website <leads@outbox.test>' });

/** A worker's options against the SMTP stand-in on `port`: fast retries, quiet, the real facts. */
const workerOptions = (db: Db, port: number) => ({
  db,
  smtp: smtpFor(port),
  webhook: null,
  retryBaseMs: 100,
  leaseMs: 60_000,
  log: () => {},
  facts: () => FACTS,
});

const stateOf = (db: Db) =>
  db.query<{ lead_id: number; state: string; attempts: number; message_id: string; last_error: string | null }>(
    'SELECT lead_id, state, attempts, message_id, last_error FROM lead_notifications ORDER BY lead_id',
  );

describe('the lead outbox on PGlite', () => {
  let db: Db;
  let smtp: SmtpStandIn;
  const workers: OutboxWorker[] = [];
  const worker = (options: Partial<Parameters<typeof createOutboxWorker>[0]> = {}) => {
    const w = createOutboxWorker({ ...workerOptions(db, smtp.port), ...options });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    db = await openParallelTestDb(null);
  });

  afterAll(async () => {
    await db?.close();
  });

  beforeEach(async () => {
    await db.exec('TRUNCATE leads, lead_notifications RESTART IDENTITY CASCADE');
    smtp = await startSmtpStandIn();
  });

  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await smtp.close();
  });

  it('emails the office once per lead with every detail, a text part, Reply-To the visitor and the stored Message-ID', async () => {
    const leads = await storeLeads(db, 3);
    expect(await worker().drain()).toBe(3);
    expect(smtp.messages).toHaveLength(3);
    const rows = await stateOf(db);
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    for (const lead of leads) {
      const row = rows.find((r) => r.lead_id === lead.id)!;
      const mail = smtp.messages.find((m) => m.messageId === row.message_id);
      expect(mail, `mail for ${lead.reference}`).toBeDefined();
      expect(mail!.envelope.to).toEqual([site.email]);
      expect(mail!.headers['reply-to']).toContain(lead.email!);
      expect(mail!.headers['x-lead-reference']).toBe(lead.reference);
      expect(mail!.subject).toContain(lead.reference);
      expect(mail!.subject).toContain('[Emergency]');
      for (const detail of [
        lead.name,
        '(912) 555-',
        lead.email!,
        lead.message!,
        lead.zip,
        'google',
        'Emergency: a leak or storm damage now',
      ]) {
        expect(mail!.text).toContain(detail);
      }
      if (lead.kind === 'inspection') {
        expect(mail!.text).toContain(lead.streetAddress!);
        expect(mail!.text).toContain('Afternoon (12 pm to 4 pm)');
      }
      expect(mail!.html).toContain(lead.reference);
    }
    // Nothing is owed any more.
    expect(await worker().drain()).toBe(0);
    expect(smtp.messages).toHaveLength(3);
  });

  it('retries a refusing SMTP server with backoff until it accepts; every lead arrives exactly once', async () => {
    smtp.refuse = (attempt) => attempt < 6;
    const leads = await storeLeads(db, 4);
    const w = worker();
    await w.drain();
    expect(smtp.refused).toBe(4);
    const failed = await stateOf(db);
    expect(failed.every((r) => r.state === 'failed' && r.attempts === 1 && /451|busy/i.test(r.last_error ?? ''))).toBe(true);
    // Backoff: nothing is due right after a failure.
    expect(await w.drain()).toBe(0);
    await until(async () => {
      await w.drain();
      return (await stateOf(db)).every((r) => r.state === 'sent');
    }, 'every notification sent');
    expect(smtp.refused).toBe(6);
    expect(smtp.messages.map((m) => m.headers['x-lead-reference']).sort()).toEqual(leads.map((l) => l.reference).sort());
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(4);
    const rows = await stateOf(db);
    expect(rows.map((r) => r.attempts).sort()).toEqual([2, 2, 3, 3]);
    expect(rows.every((r) => r.last_error === null)).toBe(true);
  });

  it('delivers after a restart what an earlier run owed while the mail server was down', async () => {
    const port = await freePort();
    const leads = await storeLeads(db, 2);
    const first = worker({ smtp: smtpFor(port) });
    await first.drain();
    expect((await stateOf(db)).map((r) => r.state)).toEqual(['failed', 'failed']);
    await first.stop();

    const later = await startSmtpStandIn({ port });
    try {
      const restarted = worker({ smtp: smtpFor(port) });
      restarted.start();
      await until(() => later.messages.length === 2, 'the owed emails');
      expect(later.messages.map((m) => m.headers['x-lead-reference']).sort()).toEqual(leads.map((l) => l.reference).sort());
      await until(async () => (await stateOf(db)).every((r) => r.state === 'sent'), 'sent state');
      await restarted.stop();
    } finally {
      await later.close();
    }
  });

  it('takes over a send that a dead instance left claimed, once its lease has run out', async () => {
    const [lead] = await storeLeads(db, 1);
    await db.query(
      `UPDATE lead_notifications SET state = 'sending', claim_id = 'dead', claimed_until = now() + interval '1 hour', attempts = 1`,
    );
    expect(await worker().drain()).toBe(0);
    await db.query(`UPDATE lead_notifications SET claimed_until = now() - interval '1 second'`);
    expect(await worker().drain()).toBe(1);
    expect(smtp.messages.map((m) => m.headers['x-lead-reference'])).toEqual([lead!.reference]);
    expect(await db.one('SELECT state, attempts FROM lead_notifications')).toEqual({ state: 'sent', attempts: 2 });
  });

  it('sends as soon as a lead is stored when running, and leaves emails pending without SMTP', async () => {
    const idle = worker({ smtp: null });
    idle.start();
    await storeLeads(db, 1);
    expect(await idle.drain()).toBe(0);
    expect((await stateOf(db))[0]!.state).toBe('pending');
  });

  it('posts a signed webhook to the CRM and retries it after an error', async () => {
    const secret = 'shared-secret-for-tests';
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    let calls = 0;
    const crm: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        calls++;
        if (calls === 1) {
          res.writeHead(503).end('down');
          return;
        }
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hook`;
      const [lead] = await storeLeads(db, 1, ['webhook']);
      const w = worker({ smtp: null, webhook: { url, secret } });
      await until(async () => {
        await w.drain();
        return received.length === 1;
      }, 'the webhook');
      const { headers, body } = received[0]!;
      const timestamp = String(headers['x-webhook-timestamp']);
      expect(headers['x-webhook-signature']).toBe(`sha256=${webhookSignature(secret, timestamp, body)}`);
      const payload = JSON.parse(body) as { event: string; deliveryId: string; lead: Record<string, unknown> };
      expect(payload.event).toBe('lead.created');
      expect(payload.deliveryId).toBe(headers['x-webhook-id']);
      expect(payload.deliveryId).toBe((await stateOf(db))[0]!.message_id);
      expect(payload.lead).toMatchObject({
        reference: lead!.reference,
        name: lead!.name,
        phone: lead!.phone,
        email: lead!.email,
      });
      expect((payload.lead.attribution as Record<string, unknown>).utmSource).toBe('google');
      expect(await db.one('SELECT state, attempts FROM lead_notifications')).toEqual({ state: 'sent', attempts: 2 });
    } finally {
      await new Promise<void>((resolve) => crm.close(() => resolve()));
    }
  });
});

describe('backoff', () => {
  it('doubles per attempt from the base, with jitter, up to an hour', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, 30_000, mid)).toBe(30_000);
    expect(backoffMs(2, 30_000, mid)).toBe(60_000);
    expect(backoffMs(5, 30_000, mid)).toBe(480_000);
    expect(backoffMs(20, 30_000, mid)).toBe(3_600_000);
    expect(backoffMs(1, 30_000, () => 0)).toBe(24_000);
    expect(backoffMs(1, 30_000, () => 1)).toBe(36_000);
  });
});

describe.skipIf(postgresUrl === null)('the lead outbox on PostgreSQL with two instances', () => {
  let db: Db;
  let smtp: SmtpStandIn;

  beforeAll(async () => {
    db = await openParallelTestDb(postgresUrl);
    smtp = await startSmtpStandIn();
  });

  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  it('never lets two workers claim the same notification', async () => {
    const leads = await storeLeads(db, 60);
    smtp.delayMs = 5;
    const options = workerOptions(db, smtp.port);
    const a = createOutboxWorker(options);
    const b = createOutboxWorker(options);
    try {
      const [sentA, sentB] = await Promise.all([a.drain(), b.drain()]);
      expect(sentA + sentB).toBe(60);
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
    } finally {
      await a.stop();
      await b.stop();
    }
    expect(smtp.messages).toHaveLength(60);
    expect(new Set(smtp.messages.map((m) => m.headers['x-lead-reference']))).toEqual(new Set(leads.map((l) => l.reference)));
  });
});
