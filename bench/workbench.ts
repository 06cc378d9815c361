/**
 * The workbench's scale figure, for `npm run bench` (section "workbench"): 100,000 leads
 * seeded, then the p95 time of the leads inbox's list, filter and search queries
 * (server/leads/admin-store.ts `listLeads`, page and total together), on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL. Budget: under 100 ms.
 */
import { NO_FILTERS, type LeadFilters } from '../lib/admin-leads.ts';
import type { Db } from '../server/db/index.ts';
import { listLeads } from '../server/leads/admin-store.ts';
import { openTestDb, reachableTestPostgres } from '../tests/test-db.ts';
import { passIf, type AddRow, type Out } from './report.ts';

const SECTION = 'workbench';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const RUNS = 40;
const BUDGET_MS = 100;
const TZ = 'America/New_York';

/** 100,000 leads over the last two years: names from a small list, phones and ZIPs varied, every status and kind. */
async function seed(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO leads (reference, access_token, idempotency_key, kind, status, booking_status, name, phone, email, zip,
      street_address, preferred_date, preferred_window, outside_service_area, distance_miles, created_at)
    SELECT 'B' || lpad(to_hex(g), 7, '0'), 'bench-token-' || g, 'bench-key-' || g,
      CASE WHEN g % 3 = 0 THEN 'inspection' ELSE 'consultation' END,
      (ARRAY['new','contacted','scheduled','won','lost','spam'])[1 + g % 6],
      CASE WHEN g % 3 = 0 THEN (ARRAY['requested','confirmed','done','cancelled'])[1 + g % 4] END,
      (ARRAY['Ava','Ben','Cole','Dana','Eli','Faye','Gus','Hana','Ivan','June'])[1 + g % 10] || ' ' ||
        (ARRAY['Smith','Jones','Brown','Lee','Walker','Young','King','Wright','Lopez','Hill','Scott','Green'])[1 + (g / 10) % 12] || g,
      '+1912' || lpad(((g * 7919) % 10000000)::text, 7, '0'),
      CASE WHEN g % 2 = 0 THEN 'person' || g || '@example.org' END,
      (ARRAY['31405','31401','31406','31410','31322','30301'])[1 + g % 6],
      CASE WHEN g % 3 = 0 THEN g || ' Oak St' END,
      CASE WHEN g % 3 = 0 THEN DATE '2026-01-01' + (g % 700) END,
      CASE WHEN g % 3 = 0 THEN (ARRAY['morning','afternoon'])[1 + g % 2] END,
      g % 6 = 5, (g % 120)::float8,
      now() - (g * interval '10 minutes')
    FROM generate_series(1, ${LEADS}) AS g;
    ANALYZE leads;
  `);
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function timeQuery(db: Db, variants: Partial<LeadFilters>[]): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const filters = { ...NO_FILTERS, ...variants[i % variants.length] };
    const started = performance.now();
    await listLeads(db, filters, TZ);
    samples.push(performance.now() - started);
  }
  return p95(samples);
}

const QUERIES: { name: string; variants: Partial<LeadFilters>[] }[] = [
  { name: 'list (newest first, pages 1–4)', variants: [{ page: 1 }, { page: 2 }, { page: 3 }, { page: 4 }] },
  {
    name: 'filter (status, kind, area, dates)',
    variants: [
      { status: 'contacted' },
      { kind: 'inspection', area: 'outside' },
      { from: '2025-06-01', to: '2025-12-31', kind: 'consultation' },
      { spam: 'only' },
    ],
  },
  { name: 'search (name, phone, email, ZIP)', variants: [{ q: 'walker' }, { q: '912555' }, { q: 'person12' }, { q: '31410' }] },
];

async function benchOn(label: string, db: Db, row: AddRow): Promise<void> {
  const seeded = performance.now();
  await seed(db);
  const seconds = ((performance.now() - seeded) / 1000).toFixed(1);
  row({
    section: SECTION,
    figure: `${label}: seeding the leads`,
    ours: `${seconds} s`,
  });
  // One warm-up pass, as a running server has.
  for (const query of QUERIES) await timeQuery(db, query.variants.slice(0, 1));
  for (const query of QUERIES) {
    const ms = await timeQuery(db, query.variants);
    row({
      section: SECTION,
      figure: `${label}: ${query.name}, p95`,
      ours: `${ms.toFixed(1)} ms`,
      budget: `< ${BUDGET_MS} ms`,
      result: passIf(ms < BUDGET_MS),
    });
  }
}

export async function benchWorkbench(out: Out, row: AddRow): Promise<void> {
  out('### workbench');
  out(
    `The leads inbox's queries (server/leads/admin-store.ts listLeads: a page of 25 and the total) on ${LEADS.toLocaleString('en-US')} ` +
      `seeded leads; p95 of ${RUNS} runs of each, after one warm-up pass. PostgreSQL only with TEST_DATABASE_URL.`,
  );
  out('');
  const pglite = await openTestDb(null, { migrate: true });
  try {
    await benchOn('PGlite', pglite, row);
  } finally {
    await pglite.close();
  }
  const url = await reachableTestPostgres();
  if (url) {
    const postgres = await openTestDb(url, { migrate: true });
    try {
      await benchOn('PostgreSQL', postgres, row);
    } finally {
      await postgres.close();
    }
  } else {
    out('PostgreSQL skipped: TEST_DATABASE_URL is not set.');
    out('');
  }
}
