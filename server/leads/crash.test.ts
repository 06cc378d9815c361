/**
 * The leads' crash test: 500 leads from a concurrent client on 127.0.0.1, the
 * server process killed hard (SIGKILL) half-way and started again on the same
 * data. Every lead answered ok must be stored, every stored lead delivered, and a
 * duplicate email is allowed only for a send in flight at the kill, with the
 * same Message-ID. Runs on PGlite (on disk) and on PostgreSQL.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn, type SmtpStandIn } from '../../tests/smtp-stand-in.ts';
import { freePort, spawnServerProcess, type ServerProcess } from '../../tests/server-process.ts';
import { createDb, type Db } from '../db/index.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import { makeTempDist } from '../../tests/dist-fixture.ts';
import { OUTBOX_CONCURRENCY } from './outbox.ts';

const postgresUrl = await reachableTestPostgres();

const TOTAL = 500;
const KILL_AFTER = 250;
const CLIENTS = 20;

interface RunningProcess extends ServerProcess {
  url: string;
}

async function launch(env: Record<string, string>): Promise<RunningProcess> {
  // SIGKILL must hit the process that holds the database, hence node itself.
  const { child, output } = spawnServerProcess(env);
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/leads/availability`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

type Outcome = { state: 'ok'; reference: string } | { state: 'refused'; status: number } | { state: 'unknown' };

interface Request {
  key: string;
  body: string;
  outcome?: Outcome;
}

function makeRequests(): Request[] {
  const run = randomBytes(3).toString('hex');
  return Array.from({ length: TOTAL }, (_, i) => {
    const key = `crash-${run}-${i}`;
    const body = JSON.stringify({
      kind: 'consultation',
      name: `Crash Test ${i}`,
      phone: `912-555-${String(i).padStart(4, '0')}`,
      zip: '31405',
      email: `crash${i}@example.com`,
      message: `Lead ${i} of the crash test`,
      idempotencyKey: key,
      startedAt: Date.now() - 60_000,
      sentAt: Date.now(),
    });
    return { key, body };
  });
}

/** Sends `requests` with CLIENTS at a time; `onAnswer` may return true to stop handing out new ones. */
async function send(url: string, requests: Request[], onAnswer: () => boolean = () => false): Promise<void> {
  let next = 0;
  let stop = false;
  const lane = async () => {
    while (!stop && next < requests.length) {
      const request = requests[next++]!;
      try {
        const res = await fetch(`${url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: request.body,
          signal: AbortSignal.timeout(20_000),
        });
        const answer = (await res.json()) as { ok?: boolean; reference?: string };
        request.outcome =
          res.ok && answer.ok && answer.reference
            ? { state: 'ok', reference: answer.reference }
            : { state: 'refused', status: res.status };
      } catch {
        request.outcome = { state: 'unknown' };
      }
      if (onAnswer()) stop = true;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, lane));
}

async function waitFor(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const backends = [
  { name: 'PGlite', postgres: false, skip: false },
  { name: 'PostgreSQL', postgres: true, skip: postgresUrl === null },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`a hard kill mid-load on ${backend.name}`, () => {
    let smtp: SmtpStandIn;
    let dist: Awaited<ReturnType<typeof makeTempDist>>;
    let dataDir: string;
    let schema: string | undefined;
    let databaseUrl = '';
    let running: RunningProcess | undefined;

    beforeAll(async () => {
      smtp = await startSmtpStandIn();
      // Slow while the kill comes, so deliveries are owed and sends are in flight.
      smtp.delayMs = 300;
      dist = await makeTempDist();
      dataDir = await mkdtemp(path.join(tmpdir(), 'roof-crash-'));
      if (backend.postgres) {
        schema = `crash_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
        const admin = await createDb({ url: postgresUrl!, schema });
        await admin.close();
        databaseUrl = `${postgresUrl}${postgresUrl!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      }
    });

    afterAll(async () => {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGKILL');
        await exited(running.child);
      }
      await smtp?.close();
      await dist?.cleanup();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (schema) {
        const admin = await createDb({ url: postgresUrl!, schema });
        await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.close());
      }
    });

    it('keeps every acknowledged lead and delivers every stored one', { timeout: 360_000 }, async () => {
      const port = String(await freePort());
      const env = {
        PORT: port,
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DIST_DIR: dist.dir,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'test',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'Website <leads@crash.test>',
        LEAD_RATE_LIMIT: '1000000',
        OUTBOX_LEASE_SECONDS: '2',
        OUTBOX_RETRY_BASE_SECONDS: '1',
      };
      const requests = makeRequests();

      running = await launch(env);
      let answered = 0;
      let deliveredAtKill = 0;
      let sendingAtKill = 0;
      const kill = () => {
        deliveredAtKill = smtp.messages.length;
        sendingAtKill = smtp.pending;
        running!.child.kill('SIGKILL');
      };
      // Killed once half the leads are answered and an email is mid-send (the server waits for the 250).
      await send(running.url, requests, () => {
        answered++;
        if (answered < KILL_AFTER || smtp.pending === 0 || running!.child.signalCode) return false;
        kill();
        return true;
      });
      if (!running.child.signalCode) {
        await waitFor(() => smtp.pending > 0, 'an email in flight', 60_000);
        kill();
      }
      await exited(running.child);
      smtp.delayMs = 2;
      const acknowledgedBeforeKill = requests.filter((r) => r.outcome?.state === 'ok').length;
      const inFlight = requests.filter((r) => r.outcome?.state === 'unknown');
      expect(acknowledgedBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER);
      // The kill came while the office was still owed emails.
      expect(deliveredAtKill).toBeLessThan(acknowledgedBeforeKill);

      running = await launch(env);
      // Clients retry what got no answer, with the same key; the rest are sent for the first time.
      await send(
        running.url,
        requests.filter((r) => r.outcome?.state !== 'ok'),
      );
      expect(requests.filter((r) => r.outcome?.state !== 'ok')).toEqual([]);
      const acknowledged = new Map(requests.map((r) => [r.key, (r.outcome as { reference: string }).reference]));

      await waitFor(
        () => new Set(smtp.messages.map((m) => m.headers['x-lead-reference'])).size >= TOTAL,
        `${TOTAL} leads delivered (have ${new Set(smtp.messages.map((m) => m.headers['x-lead-reference'])).size})`,
        120_000,
      );
      running.child.kill('SIGTERM');
      await exited(running.child);

      const db: Db = backend.postgres
        ? await createDb({ url: postgresUrl!, schema: schema! })
        : await createDb({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const leads = await db.query<{ reference: string; idempotency_key: string; message_id: string; state: string }>(
          `SELECT l.reference, l.idempotency_key, n.message_id, n.state
           FROM leads l JOIN lead_notifications n ON n.lead_id = l.id AND n.channel = 'email'`,
        );
        // Every acknowledged lead is stored, under the reference it was answered with, once.
        expect(leads).toHaveLength(TOTAL);
        const byKey = new Map(leads.map((l) => [l.idempotency_key, l]));
        for (const [key, reference] of acknowledged) expect(byKey.get(key)?.reference, key).toBe(reference);
        // Every stored lead was delivered, and the database knows it.
        expect(leads.every((l) => l.state === 'sent')).toBe(true);
        const byMessageId = new Map<string, string[]>();
        for (const mail of smtp.messages) {
          byMessageId.set(mail.messageId, [...(byMessageId.get(mail.messageId) ?? []), mail.headers['x-lead-reference']!]);
        }
        for (const lead of leads) expect(byMessageId.get(lead.message_id)?.[0], lead.reference).toBe(lead.reference);
        expect(byMessageId.size).toBe(TOTAL);
        // Duplicates: only sends that were in flight at the kill, each with its lead's one Message-ID.
        const duplicated = [...byMessageId.values()].filter((refs) => refs.length > 1);
        expect(sendingAtKill).toBeGreaterThan(0);
        expect(duplicated.length).toBeGreaterThanOrEqual(sendingAtKill);
        expect(duplicated.length).toBeLessThanOrEqual(OUTBOX_CONCURRENCY);
        for (const refs of duplicated) expect(new Set(refs).size).toBe(1);
        console.info(
          `${backend.name}: ${acknowledgedBeforeKill} acknowledged and ${deliveredAtKill} delivered before the kill, ` +
            `${inFlight.length} requests and ${sendingAtKill} emails in flight, ${duplicated.length} duplicate emails after the restart.`,
        );
      } finally {
        await db.close();
      }
    });
  });
}
