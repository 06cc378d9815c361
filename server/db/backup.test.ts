import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates, parseLead, type Lead } from '../../lib/lead-schema.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import { requestFingerprint } from '../api/leads.ts';
import { insertVisitorReport } from '../api/report-issue.ts';
import { createLead, setDefaultCapacity, setSlotCapacity, setWeekdayCapacity, type CreateLeadResult } from '../leads/store.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { insertErrorLog } from './error-log.ts';
import { createDb, type Db } from './index.ts';
import { migrate, readMigrations } from './migrate.ts';
import { insertWebVitals } from './web-vitals.ts';
import { createSession, grantRole, saveOAuthState, upsertGitHubUser } from '../auth/store.ts';
import { saveSetting } from '../settings/store.ts';

const postgresUrl = await reachableTestPostgres();
const CURRENT_VERSION = Math.max(...(await readMigrations()).map((m) => m.version));
const TZ = 'America/New_York';
const DATES = bookableDates(new Date(), TZ);
/** The seed closes Monday mornings: the two inspections are booked on the first days that are not Mondays, whatever today is. */
const NOT_MONDAYS = DATES.filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() !== 1);
const options = { channels: ['email', 'webhook'] as const, messageIdDomain: 'backup.test', timeZone: TZ };

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roof-backup-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const file = (name: string) => path.join(dir, `${name}-${randomBytes(3).toString('hex')}.sql`);

function lead(raw: Record<string, unknown>): Lead {
  const parsed = parseLead(raw, { timeZone: TZ });
  if (!parsed.ok) throw new Error(`test lead is invalid: ${JSON.stringify(parsed.fields)}`);
  return parsed.lead;
}

async function store(
  db: Db,
  raw: Record<string, unknown>,
  extra: { spam?: boolean; miles?: number | null } = {},
): Promise<number> {
  const parsed = lead(raw);
  const result: CreateLeadResult = await createLead(
    db,
    {
      lead: parsed,
      idempotencyKey: `key-${randomBytes(8).toString('hex')}`,
      fingerprint: requestFingerprint(parsed),
      spamReason: extra.spam ? 'honeypot' : null,
      area: { distanceMiles: extra.miles === undefined ? 4.2 : extra.miles, outside: (extra.miles ?? 0) > 75 },
      fillMs: 9_876,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) "quoted"',
      pageUrl: 'https://www.example.com/contact?utm_source=google&x=1',
    },
    options,
  );
  if (result.status !== 'created') throw new Error(`test lead not created: ${result.status}`);
  return result.lead.id;
}

/** Leads, bookings with capacities, notifications in every state, error reports of every kind, web vitals, admins and settings. */
async function seed(db: Db, { webVitals = true } = {}): Promise<void> {
  await setDefaultCapacity(db, 4);
  await setSlotCapacity(db, { date: DATES[3]!, window: 'morning' }, 1);
  await setSlotCapacity(db, { date: DATES[4]!, window: 'afternoon' }, 0);
  await setWeekdayCapacity(db, { 1: { morning: 0, afternoon: null }, 6: { morning: 2, afternoon: 1 } });
  const consultation = await store(db, {
    kind: 'consultation',
    name: `Nguyễn Thị Ánh O'Brien "Annie" 😀`,
    phone: '(912) 555-0142',
    email: 'annie@example.com',
    zip: '31405',
    service: 'Roof Repairs',
    propertyType: 'single_family',
    urgency: 'emergency',
    insuranceClaim: 'not_sure',
    message:
      'Leak over the kitchen —\r\nwater when it rains.\nTabs\there, a backslash \\ and quotes \' " `.\n' +
      // pg_dump's output tools delete lines like these; a stored message must survive them.
      '\\restrict abc123\n\\unrestrict abc123\n\\.\n-- not a comment\n;DROP TABLE leads;\nЖёлтый 黄色 مرحبا',
    preferredContact: 'text',
    smsConsent: true,
    landingPage: '/savannah-roof-cost?estimate=12000-18000',
    // A jsonb column: its quotes, apostrophe and dash must survive the round trip too.
    estimate: {
      sizeBasis: 'footprint',
      sizeSqFt: 2150,
      pitch: 'steep',
      stories: 2,
      material: 'architectural',
      layers: 3,
      low: 6500,
      high: 30400,
      basis: 'Angi\'s 2024 "cost" guide — national',
    },
    referrer: 'https://www.google.com/',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'storm season',
    utmTerm: 'roof repair',
    utmContent: 'ad 2',
    gclid: 'Cj0KCQjw-abc_123',
  });
  const inspection = await store(db, {
    kind: 'inspection',
    name: 'Bob Smith',
    phone: '912-555-0199',
    zip: '31401',
    streetAddress: '12 Oak St, Apt #3',
    preferredDate: NOT_MONDAYS[0],
    preferredWindow: 'morning',
  });
  await store(
    db,
    {
      kind: 'inspection',
      name: 'Far Away',
      phone: '9125550177',
      zip: '30303',
      streetAddress: '1 Peachtree St',
      preferredDate: NOT_MONDAYS[1],
      preferredWindow: 'afternoon',
    },
    { miles: 224.60987654321 },
  );
  await store(db, { kind: 'consultation', name: 'Bot', phone: '9125550100', zip: '31405', message: 'buy now' }, { spam: true });
  await store(db, { kind: 'consultation', name: 'No Distance', phone: '9125550101', zip: '99999' }, { miles: null });
  await db.query(`UPDATE leads SET status = 'won' WHERE id = $1`, [inspection]);
  await db.query(
    `UPDATE lead_notifications SET state = 'sent', attempts = 1, sent_at = '2026-03-04 05:06:07.123456+00',
       last_attempt_at = '2026-03-04 05:06:07.000001+00' WHERE lead_id = $1 AND channel = 'email'`,
    [consultation],
  );
  await db.query(
    `UPDATE lead_notifications SET state = 'failed', attempts = 3, last_error = $2,
       next_attempt_at = '2026-03-04 06:00:00.5+00', claim_id = 'claim-1', claimed_until = '2026-03-04 05:08:07.999999+00'
     WHERE lead_id = $1 AND channel = 'webhook'`,
    [consultation, 'connect ECONNREFUSED 127.0.0.1:9\n  at TCPConnectWrap.afterConnect'],
  );
  await insertErrorLog(db, {
    kind: 'render',
    message: "Cannot read properties of undefined (reading 'map')",
    stack: 'TypeError: x\n    at Quote (/assets/app-3f9a1c.js:1:2345)',
    componentStack: '\n    at QuoteForm\n    at Island',
    url: 'https://www.example.com/contact',
    referrer: 'https://www.example.com/',
    userAgent: 'Mozilla/5.0',
    clientTimestamp: new Date('2026-02-03T04:05:06.789Z'),
  });
  await db.query(`UPDATE error_log SET client_timestamp = '2026-02-03 04:05:06.789123+00' WHERE kind = 'render'`);
  await insertErrorLog(db, { kind: 'not_found', url: '/roofing-in-pooler', referrer: null, userAgent: 'Googlebot/2.1' });
  await insertVisitorReport(db, {
    message: 'The phone link on /about does nothing 🙁\nOn iOS 17.',
    page: '/about',
    email: 'visitor@example.com',
    referrer: null,
    userAgent: 'Safari',
  });
  if (webVitals) {
    await insertWebVitals(db, '/services/roof-repairs', [
      { name: 'CLS', value: 0.1 + 0.2, id: 'v5-1700000000000-1', rating: 'good' },
      { name: 'LCP', value: 2345.678901234, id: 'v5-1700000000000-2', rating: 'needs-improvement', navigationType: 'navigate' },
      { name: 'INP', value: 1e-7, id: 'v5-1700000000000-3' },
    ]);
    await seedAdmin(db);
  }
}

/** An owner who signed in (with a session), a grant still waiting, a sign-in under way and a saved setting with its audit. */
async function seedAdmin(db: Db): Promise<void> {
  await grantRole(db, 'waiting-helper', 'admin');
  const owner = await upsertGitHubUser(db, {
    id: 583231,
    login: 'Octo-Owner',
    name: 'Olive “Owner”',
    avatarUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
  });
  await grantRole(db, 'Octo-Owner', 'super_admin');
  await createSession(db, owner.id, { idleMs: 3_600_000, absoluteMs: 86_400_000 });
  await saveOAuthState(db, { state: 'A'.repeat(43), verifier: 'B'.repeat(43), next: '/admin/settings?x=1' });
  await saveSetting(
    db,
    'site_notice',
    { text: 'Tarping “today”; call us.', link: '/contact', expiresAt: '2026-09-02T12:00:00.000Z' },
    { id: owner.id, login: owner.login },
  );
  await seedWorkbench(db, owner.id);
  await seedOwnerContent(db, owner.id);
}

/** The workbench's tables: a lead's history and note, a blocked date, a resolved error group and a second factor. */
async function seedWorkbench(db: Db, ownerId: number): Promise<void> {
  const { id: leadId } = await db.one<{ id: number }>(`SELECT id FROM leads WHERE kind = 'inspection' ORDER BY id LIMIT 1`);
  await db.query(
    `INSERT INTO lead_events (lead_id, kind, from_value, to_value, body, actor_id, actor_login, created_at) VALUES
       ($1, 'status', 'new', 'contacted', NULL, $2, 'Octo-Owner', '2026-03-04 05:06:07.123456+00'),
       ($1, 'booking', 'requested', 'confirmed', NULL, $2, 'Octo-Owner', '2026-03-04 05:07:00+00'),
       ($1, 'note', NULL, NULL, $3, NULL, 'gone-helper', '2026-03-04 05:08:00+00')`,
    [leadId, ownerId, 'Called back — gate code "4512"\nBring the 32\' ladder; Ж 黄'],
  );
  await db.query(`UPDATE leads SET booking_status = 'confirmed' WHERE id = $1`, [leadId]);
  await db.query(
    `INSERT INTO blocked_dates (blocked_date, reason, created_by_login) VALUES ($1, 'Storm day — "Idalia"', 'Octo-Owner')`,
    [DATES[5] ?? DATES[2]],
  );
  await db.query(
    `INSERT INTO error_resolutions (kind, group_key, resolved_at, resolved_by_login)
     VALUES ('not_found', '/roofing-in-pooler', '2026-03-05 00:00:00.000001+00', 'Octo-Owner')`,
  );
  await db.query(
    `INSERT INTO totp_factors (user_id, secret, status, last_step, verified_at)
     VALUES ($1, $2, 'verified', 59000001, '2026-03-04 05:06:07+00')`,
    [ownerId, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'],
  );
  await db.query(
    `INSERT INTO recovery_codes (user_id, code_hash, used_at) VALUES ($1, $2, NULL), ($1, $3, '2026-03-06 07:08:09+00')`,
    [ownerId, 'a'.repeat(64), '0123456789abcdef'.repeat(4)],
  );
  await db.query(`INSERT INTO second_factor_failures (user_id, failed_at) VALUES ($1, '2026-03-04 05:06:08+00')`, [ownerId]);
  await db.query(`INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES ($1, $2, '2026-03-04 05:06:10+00')`, [
    ownerId,
    'f'.repeat(64),
  ]);
  await db.query(`INSERT INTO sign_in_notices (kind, user_id, login) VALUES ('lockout', $1, 'Octo-Owner')`, [ownerId]);
  await db.query(
    `INSERT INTO passkeys (credential_id, user_id, public_key, sign_count, transports, device_name, last_used_at)
     VALUES ('cred_0123456789abcdef', $1, 'pQECAyYgASFYIA', 3, 'internal,hybrid', 'Owner’s phone', '2026-03-05 06:07:08+00')`,
    [ownerId],
  );
  const invitation = await db.one<{ id: number }>(
    `INSERT INTO invitations (token_hash, name, role, created_by_login, expires_at)
     VALUES ($1, 'María López', 'admin', 'Octo-Owner', '2026-03-08 00:00:00+00') RETURNING id`,
    ['c'.repeat(64)],
  );
  await db.query(
    `INSERT INTO webauthn_challenges (challenge_hash, purpose, invitation_id, expires_at) VALUES ($1, 'invitation', $2, '2026-03-04 05:11:00+00')`,
    ['d'.repeat(64), invitation.id],
  );
  await db.query(
    `INSERT INTO auth_audit (kind, actor_login, subject_login, detail, address) VALUES ('invitation-created', 'Octo-Owner', 'maria-lopez', 'role admin', '203.0.113.9')`,
  );
  await db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device_name) VALUES ($1, 'https://push.example/abc', 'BPk_key', 'auth_0', 'Owner’s phone')`,
    [ownerId],
  );
  await db.query(`INSERT INTO push_keys (public_key, private_key) VALUES ('BPublicKey', 'privateKey')`);
  await db.query(`UPDATE sessions SET second_factor_at = '2026-03-04 05:06:09+00' WHERE user_id = $1`, [ownerId]);
}

/** The owner's content: a draft, two published versions (one brought back), their audit, and a photo's files as bytes. */
async function seedOwnerContent(db: Db, ownerId: number): Promise<void> {
  await db.query(
    `INSERT INTO content_drafts (topic, value, updated_at, updated_by, updated_by_login)
     VALUES ('business', $1::jsonb, '2026-03-07 01:02:03.456789+00', $2, 'Octo-Owner')`,
    [JSON.stringify({ phone: '(912) 555-7788', city: 'Tybee Island — “the beach”' }), ownerId],
  );
  const { id: first } = await db.one<{ id: number }>(
    `INSERT INTO content_versions (stamp, content, changes, published_by, published_by_login, published_at)
     VALUES ('20260307010203-aaaa0001', $1::jsonb, $2::jsonb, $3, 'Octo-Owner', '2026-03-07 01:02:04+00') RETURNING id`,
    [
      JSON.stringify({ business: { phone: '(912) 555-7788' } }),
      JSON.stringify(['Phone: (912) 555-0142 → (912) 555-7788']),
      ownerId,
    ],
  );
  const { id: second } = await db.one<{ id: number }>(
    `INSERT INTO content_versions (stamp, content, restored_from, published_by_login) VALUES ('20260307010203-aaaa0002', '{}'::jsonb, $1, 'gone-helper') RETURNING id`,
    [first],
  );
  await db.query(
    `INSERT INTO content_audit (topic, action, detail, version_id, changed_by, changed_by_login) VALUES
       ('business', 'publish', '{"stamp":"20260307010203-aaaa0001"}'::jsonb, $1, $3, 'Octo-Owner'),
       ('business', 'publish_failed', $4::jsonb, NULL, NULL, 'gone-helper'),
       ('business', 'restore', '{}'::jsonb, $2, $3, 'Octo-Owner')`,
    [first, second, ownerId, JSON.stringify({ reason: 'Build failed:\n  - content/blog/x.md: title: too long' })],
  );
  const { id: photo } = await db.one<{ id: number }>(
    `INSERT INTO gallery_photos (alt, width, height, uploaded_by, uploaded_by_login) VALUES ('Before: curling shingles', 1600, 1200, $1, 'Octo-Owner') RETURNING id`,
    [ownerId],
  );
  await db.query(`INSERT INTO gallery_photo_files (photo_id, format, width, height, bytes) VALUES ($1, 'webp', 480, 360, $2)`, [
    photo,
    Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x5c, 0x27, 0x0a]),
  ]);
}

/**
 * Every row of every table of the current schema, as PostgreSQL writes it in JSON, in
 * primary-key order. schema_migrations is compared by version and name: a restore's
 * target records when it applied each migration itself.
 */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TIME ZONE 'UTC'`);
    await tx.query('SET LOCAL extra_float_digits = 3');
    const tables = await tx.query<{ name: string; key: string | null }>(
      `SELECT c.relname::text AS name,
              (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.position)
               FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k (attnum, position)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
               WHERE i.indrelid = c.oid AND i.indisprimary) AS key
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind = 'r'
       ORDER BY c.relname`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name, key } of tables) {
      const shown = name === 'schema_migrations' ? 'json_build_object($$version$$, version, $$name$$, name)' : 'row_to_json(t)';
      rows[name] = (
        await tx.query<{ row: string }>(`SELECT ${shown}::text AS row FROM ${quote(name)} AS t ORDER BY ${key ?? '1'}`)
      ).map((r) => r.row);
    }
    return rows;
  });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** A new PostgreSQL database of its own on TEST_DATABASE_URL's server (the production path uses `public`), dropped afterwards. */
async function withFreshPostgresDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const name = `roundtrip_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl! });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(postgresUrl!);
      url.pathname = `/${name}`;
      return await fn(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function withDb<T>(open: () => Promise<Db>, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const memory = () => createDb({ memory: true });

/** A lead, its notification, a booking capacity and two error-log rows, in the columns migrations 001 to 005 created. */
async function seedAtVersion5(db: Db): Promise<void> {
  const { id } = await db.one<{ id: number }>(
    `INSERT INTO leads (reference, access_token, idempotency_key, kind, name, phone, zip, street_address, preferred_date,
       preferred_window, message, distance_miles, created_at)
     VALUES ('K7QM-3XP9', 'AAAAAAAAAAAAAAAAAAAAAA', 'key-version-5', 'inspection', 'Ánh O''Brien', '+19125550142', '31405',
       '12 Oak St', $1, 'morning', E'Leak over the porch\n\\restrict x', 4.2, '2026-01-02T03:04:05.678901Z')
     RETURNING id`,
    [DATES[2]],
  );
  await db.query(
    `INSERT INTO lead_notifications (lead_id, channel, message_id, state, attempts) VALUES ($1, 'email', '<v5@test>', 'failed', 2)`,
    [id],
  );
  await db.query(`INSERT INTO booking_slots (slot_date, slot_window, capacity) VALUES ($1, 'afternoon', 2)`, [DATES[3]]);
  await db.query(`INSERT INTO error_log (kind, message, url) VALUES ('not_found', 'Not found: /old', '/old')`);
  await db.query(
    `INSERT INTO error_log (kind, message, url, contact_email) VALUES ('visitor', 'Old report', '/faq', 'a@example.com')`,
  );
}

async function seededSource(): Promise<Db> {
  const db = await memory();
  await migrate(db);
  await seed(db);
  return db;
}

function expectEveryTableFilled(rows: Record<string, string[]>): void {
  const empty = Object.entries(rows)
    .filter(([, list]) => list.length === 0)
    .map(([name]) => name);
  expect(empty, 'tables without rows in the round trip: seed them in server/db/backup.test.ts').toEqual([]);
}

describe('backup and restore', () => {
  it.skipIf(postgresUrl === null)(
    'carries every row of every table exactly from the embedded database to PostgreSQL and back',
    { timeout: 180_000 },
    async () => {
      await withDb(seededSource, async (source) => {
        const original = await everyRow(source);
        expectEveryTableFilled(original);
        const first = file('from-pglite');
        const made = await backupDatabase(source, first);
        expect(made.version).toBe(CURRENT_VERSION);
        expect((await readFile(first, 'utf8')).split('\n', 1)[0]).toMatch(
          new RegExp(
            `^-- Website database backup .* made \\d{4}-\\d\\d-\\d\\dT.* from the embedded database \\(PGlite\\), at migration ${CURRENT_VERSION} `,
          ),
        );

        await withFreshPostgresDatabase(async (url) => {
          const second = file('from-postgres');
          const systemDump = file('system-pg-dump');
          await withDb(
            () => createDb({ url }),
            async (postgres) => {
              // As when the server was started on PostgreSQL once before the move: migrated, nothing else.
              await migrate(postgres);
              const restored = await restoreDatabase(postgres, first);
              expect(restored.version).toBe(CURRENT_VERSION);
              expect(await everyRow(postgres)).toEqual(original);
              await backupDatabase(postgres, second);
              expect((await readFile(second, 'utf8')).split('\n', 1)[0]).toContain(
                `from PostgreSQL, at migration ${CURRENT_VERSION}`,
              );
              // What a system pg_dump --inserts writes (psql meta-commands included) loads too, where one is installed.
              if (spawnSync('pg_dump', ['--version']).status === 0) {
                execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--dbname', url, '--file', systemDump]);
              } else {
                console.info('The system pg_dump part was skipped: pg_dump is not installed.');
              }
              // The sequences stand past the restored ids: the next lead gets a new one.
              const maxId = Math.max(...original.leads!.map((row) => (JSON.parse(row) as { id: number }).id));
              const next = await store(postgres, { kind: 'consultation', name: 'After Move', phone: '9125550111', zip: '31405' });
              expect(next).toBe(maxId + 1);
            },
          );

          await withDb(memory, async (back) => {
            await restoreDatabase(back, second);
            expect(await everyRow(back)).toEqual(original);
          });

          if (existsSync(systemDump)) {
            await withDb(memory, async (fromSystemDump) => {
              await restoreDatabase(fromSystemDump, systemDump);
              expect(await everyRow(fromSystemDump)).toEqual(original);
            });
          }
        });
      });
    },
  );

  it('carries every row of every table exactly from one embedded database to another', { timeout: 60_000 }, async () => {
    await withDb(seededSource, async (source) => {
      const original = await everyRow(source);
      expectEveryTableFilled(original);
      const backup = file('pglite');
      await backupDatabase(source, backup);
      await withDb(memory, async (target) => {
        const result = await restoreDatabase(target, backup);
        expect(result.tables.find((t) => t.table === 'leads')?.rows).toBe(original.leads!.length);
        expect(await everyRow(target)).toEqual(original);
      });
    });
  });

  it('refuses a target that already holds data, in one sentence, and leaves it untouched', { timeout: 60_000 }, async () => {
    const backup = file('refused');
    await withDb(seededSource, (source) => backupDatabase(source, backup));
    await withDb(memory, async (target) => {
      await migrate(target);
      await store(target, { kind: 'consultation', name: 'Already Here', phone: '9125550123', zip: '31405' });
      const before = await everyRow(target);
      await expect(restoreDatabase(target, backup)).rejects.toThrow(
        'The target database already holds data (lead_notifications: 2 rows, leads: 1 row). Restore only loads into an empty database, so nothing was changed.',
      );
      expect(await everyRow(target)).toEqual(before);
    });
    // A changed setting is data too, though the row itself came with the migrations.
    await withDb(memory, async (target) => {
      await migrate(target);
      await setDefaultCapacity(target, 7);
      await expect(restoreDatabase(target, backup)).rejects.toThrow('already holds data (booking_settings: 1 row)');
    });
  });

  it('restores a backup made at an older migration and brings it to the current one', { timeout: 60_000 }, async () => {
    const olderVersion = 5;
    const backup = file('older');
    let original: Record<string, string[]> = {};
    await withDb(memory, async (source) => {
      await migrate(source, { upTo: olderVersion });
      // Written as the code of that version wrote rows: today's data layer knows columns added since.
      await seedAtVersion5(source);
      original = await everyRow(source);
      expect(original.web_vitals).toBeUndefined();
      expect((await backupDatabase(source, backup)).version).toBe(olderVersion);
    });
    await withDb(memory, async (target) => {
      const result = await restoreDatabase(target, backup);
      expect(result).toMatchObject({ backupVersion: olderVersion, version: CURRENT_VERSION });
      const rows = await everyRow(target);
      expect(rows.schema_migrations!.map((r) => (JSON.parse(r) as { version: number }).version).at(-1)).toBe(CURRENT_VERSION);
      const { schema_migrations: _older, ...olderTables } = original;
      for (const [table, list] of Object.entries(olderTables)) {
        expect(list.length, table).toBeGreaterThan(0);
        // Columns added by later migrations come back with their defaults; every older value comes back as it was.
        const restored = (rows[table] ?? []).map((row, i) => {
          const before = JSON.parse(list[i] ?? '{}') as Record<string, unknown>;
          const after = JSON.parse(row) as Record<string, unknown>;
          return JSON.stringify(Object.fromEntries(Object.keys(before).map((key) => [key, after[key]])));
        });
        expect(restored, table).toEqual(list.map((row) => JSON.stringify(JSON.parse(row))));
      }
      expect(rows.leads!.map((row) => (JSON.parse(row) as { request_hash: unknown }).request_hash)).toEqual([null]);
      expect(rows.web_vitals).toEqual([]);
    });
  });

  it(
    'refuses garbage, a cut-short backup and a damaged one with one sentence, and leaves the target empty',
    { timeout: 60_000 },
    async () => {
      const good = file('good');
      await withDb(seededSource, (source) => backupDatabase(source, good));
      const text = await readFile(good, 'utf8');
      const garbage = file('garbage');
      await writeFile(garbage, randomBytes(4096));
      const cut = file('cut');
      await writeFile(cut, text.slice(0, Math.floor(text.length * 0.6)));
      const damaged = file('damaged');
      await writeFile(damaged, text.replace('INSERT INTO public."leads"', 'INSERT INTO public."leads" VALUE'));
      const copyBlocks = file('copy');
      await writeFile(copyBlocks, 'COPY public.leads (id, name) FROM stdin;\n1\tBob\n\\.\n');

      const cases: [string, string | RegExp][] = [
        [
          garbage,
          `${garbage} is not a complete database backup: its closing line is missing, so it was cut short or is another kind of file. Nothing was changed.`,
        ],
        [cut, `${cut} is not a complete database backup`],
        [
          damaged,
          new RegExp(
            `^${damaged} could not be read as a database backup \\(syntax error at or near "VALUE"\\)\\. Nothing was changed\\.$`,
          ),
        ],
        [copyBlocks, `${copyBlocks} stores its rows as COPY blocks, which this tool cannot load.`],
        [path.join(dir, 'missing.sql'), `There is no file ${path.join(dir, 'missing.sql')}.`],
      ];
      await withDb(memory, async (target) => {
        for (const [bad, message] of cases) {
          await expect(restoreDatabase(target, bad), bad).rejects.toThrow(message);
          expect(await tableNames(target), bad).toEqual([]);
        }
      });
    },
  );

  it('rolls the whole restore back when the target turns out to be at a newer migration', { timeout: 60_000 }, async () => {
    const backup = file('newer-target');
    await withDb(seededSource, (source) => backupDatabase(source, backup));
    await withDb(memory, async (target) => {
      await target.exec(`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
        INSERT INTO schema_migrations (version, name) VALUES (999, 'from_the_future')`);
      await expect(restoreDatabase(target, backup)).rejects.toThrow(
        'The target database is at migration 999 (from_the_future), which this version of the site does not have, so nothing was restored.',
      );
      // The migrations the restore applied before it found out went with the rollback.
      expect(await tableNames(target)).toEqual(['schema_migrations']);
    });
  });

  it('refuses to back up tables its migrations do not create, or a migration it does not know', { timeout: 60_000 }, async () => {
    await withDb(memory, async (db) => {
      await expect(backupDatabase(db, file('never-set-up'))).rejects.toThrow(
        'The database has never been set up by this site (it has no schema_migrations table), so there is nothing to back up.',
      );
      await migrate(db);
      await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text)');
      await expect(backupDatabase(db, file('extra-table'))).rejects.toThrow(
        "The database's tables are not the ones its migrations create (table notes is in the database but not in its migrations), so a backup could not hold every row exactly. None was made.",
      );
      await db.exec(`DROP TABLE notes; INSERT INTO schema_migrations (version, name) VALUES (999, 'from_the_future')`);
      await expect(backupDatabase(db, file('newer'))).rejects.toThrow(
        'The database is at migration 999 (from_the_future), which this version of the site does not have.',
      );
    });
  });
});
