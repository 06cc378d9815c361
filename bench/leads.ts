/** Lead submissions under load (section `leads`). */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startTestServer } from '../tests/server-process.ts';
import type { Report } from './report.ts';
import { benchPostgres, CONNECTIONS } from './servers.ts';

const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 10);

interface LeadRun {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

/**
 * `CONNECTIONS` browser-like clients (node:http keep-alive, one request at a time
 * per connection), each sending leads back to back for `seconds`; latency is from
 * the first byte sent to the last byte of the answer.
 */
async function leadClients(url: string, body: () => string, seconds: number): Promise<LeadRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let ok = 0;
  let other = 0;
  let errors = 0;
  const post = () =>
    new Promise<void>((resolve) => {
      const payload = body();
      const started = performance.now();
      const req = http.request(
        `${url}/api/leads`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode === 201) ok++;
            else other++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await post();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), ok, other, errors };
}

async function leadAutocannon(url: string, body: () => string, seconds: number): Promise<LeadRun> {
  const r = await autocannon({
    url: `${url}/api/leads`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json' }, body: body() }),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    other: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * POST /api/leads at 50 concurrent clients. Every request is a new
 * consultation (its own idempotency key, a person's fill time), so each one is
 * validated, stored with its outbox row in one statement and answered 201.
 * SMTP is absent, so nothing is sent and the emails stay pending.
 */
export async function benchLeads(report: Report) {
  const note = (line = '') => report.note('leads', line);
  note('### leads');
  const backends: { label: string; env: Record<string, string>; cleanup?: () => Promise<void> }[] = [
    { label: 'PGlite (embedded default)', env: {} },
  ];
  const postgres = await benchPostgres();
  if (postgres) {
    backends.push({ label: 'PostgreSQL (127.0.0.1)', env: { DATABASE_URL: postgres.databaseUrl }, cleanup: postgres.cleanup });
  }
  note(
    `POST /api/leads with a new consultation per request (JSON, unique idempotency key), ${CONNECTIONS} concurrent clients, ` +
      `${LEAD_SECONDS} s after a 3 s warm-up; lead rate limit raised, SMTP absent (notifications stay pending).`,
  );
  note(
    'Clients: "browser-like" = node:http keep-alive, one request at a time per connection (the figure to quote); ' +
      '"autocannon" = the same load from autocannon, for comparison.',
  );
  note();
  let n = 0;
  const body = () =>
    JSON.stringify({
      kind: 'consultation',
      name: `Bench Visitor ${n}`,
      phone: `912-555-${String(n++ % 10000).padStart(4, '0')}`,
      zip: '31405',
      email: 'bench@example.com',
      message: 'Leak over the porch after the storm.',
      idempotencyKey: `bench-${randomBytes(8).toString('hex')}`,
      landingPage: 'https://www.example.com/services/roof-repairs?utm_source=google',
      utmSource: 'google',
      startedAt: Date.now() - 30_000,
      sentAt: Date.now(),
    });
  for (const backend of backends) {
    const server = await startTestServer({ LEAD_RATE_LIMIT: '1000000000', SMTP_HOST: '', ...backend.env });
    try {
      await leadClients(server.url, body, 3);
      const rows: [string, LeadRun][] = [
        ['browser-like', await leadClients(server.url, body, LEAD_SECONDS)],
        ['autocannon', await leadAutocannon(server.url, body, LEAD_SECONDS)],
      ];
      for (const [client, r] of rows) {
        report.row({
          section: 'leads',
          figure: `leads/s, ${backend.label}, ${client} client`,
          ours: `${r.rps.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.ok} × 201, ${r.other} other, ${r.errors} errors)`,
        });
      }
    } finally {
      await server.stop();
      await backend.cleanup?.();
    }
  }
}
