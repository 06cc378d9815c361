/**
 * The settings figures, for `npm run bench` (section "settings"):
 * - a public page with all three settings on serves within 10% of the requests
 *   per second of the same page without them (wrk, loopback);
 * - a save is answered within 300 ms (median), and reaches another server process on the
 *   same PostgreSQL within 1 second (median; every save within 5 seconds, the poll's guarantee).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sessionLimits } from '../server/config/auth.ts';
import { createSession, grantRole, upsertGitHubUser } from '../server/auth/store.ts';
import { createDb, type Db } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { loadEnv } from '../server/config/env.ts';
import { saveSetting } from '../server/settings/store.ts';
import { startTestServer, type TestServer } from '../tests/server-process.ts';
import { median, passIf, type AddRow, type Out } from './report.ts';
import { have, wrk, type Target, type WrkResult } from './servers.ts';

const PAGE = '/blog/atlas-vs-gaf';
const SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 5);
const ROUNDS = 5;
const SECTION = 'settings';
const PIXEL = '<script src="https://app.searchatlas.com/scripts/dynamic_optimization.js" data-uuid="bench" async></script>';

/**
 * Waits until the server answers the injected page with brotli quality 11 bytes: it
 * serves a change at a fast quality first and recompresses in the background (decision 011).
 */
async function untilRecompressed(url: string, html: string): Promise<void> {
  const bytes = Buffer.from(html);
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength };
  const expected = String(zlib.brotliCompressSync(bytes, { params }).byteLength);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}${PAGE}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    if (res.headers.get('content-length') === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the injected pages were not recompressed within 60 s');
}

/** An owner who can save settings, and a session for them; returns the session cookie. */
async function owner(db: Db): Promise<{ id: number; login: string; cookie: string }> {
  const user = await upsertGitHubUser(db, { id: 9_000_001, login: 'bench-owner', name: null, avatarUrl: null });
  await grantRole(db, user.login, 'super_admin');
  const session = await createSession(db, user.id, sessionLimits(loadEnv({})));
  return { id: user.id, login: user.login, cookie: `admin_session=${session.token}` };
}

/** The tag manager, the pixel and a notice, saved into the embedded database under `dataDir` before a server opens it. */
async function seedAllThree(dataDir: string): Promise<void> {
  const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    const by = await owner(db);
    await saveSetting(db, 'tag_manager', { containerId: 'GTM-BENCH12' }, by);
    await saveSetting(db, 'seo_pixel', { enabled: true, snippet: PIXEL }, by);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await saveSetting(
      db,
      'site_notice',
      { text: 'We are prioritising emergency tarping; call us.', link: '/contact', expiresAt },
      by,
    );
  } finally {
    await db.close();
  }
}

async function servingWithAndWithout(out: Out, row: AddRow): Promise<void> {
  out('#### A public page with and without the settings');
  if (!have('wrk')) {
    out('Skipped: needs `wrk` (Debian: `apt-get install wrk`).');
    out('');
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-settings-'));
  const running: TestServer[] = [];
  try {
    await seedAllThree(dataDir);
    const plain = await startTestServer();
    running.push(plain);
    const injected = await startTestServer({ DATA_DIR: dataDir });
    running.push(injected);
    const html = await (await fetch(`${injected.url}${PAGE}`)).text();
    if (!html.includes('data-container="GTM-BENCH12"') || !html.includes('data-notice-expires')) {
      throw new Error('the server with settings does not inject them');
    }
    await untilRecompressed(injected.url, html);
    const targets: [Target, Target] = [
      { name: 'without settings', url: plain.url, port: plain.port },
      { name: 'with settings', url: injected.url, port: injected.port },
    ];
    out(
      `Command: \`wrk -t1 -c50 -d${SECONDS}s\` on ${PAGE}, two servers (one process each, embedded database), ` +
        `${ROUNDS} rounds alternating after a warm-up; medians. "with settings" = tag manager, SEO pixel and notice on. ` +
        'CPU µs/request: user + system time of the serving process (from /proc) over requests answered, which tells a server ' +
        'doing more work per request from one that got less of the machine during its run.',
    );
    for (const [label, headers] of [
      ['identity', []],
      ['gzip', ['Accept-Encoding: gzip']],
      ['br', ['Accept-Encoding: br']],
    ] as const) {
      for (const server of targets) wrk(server, PAGE, [...headers], 2);
      const runs: [WrkResult[], WrkResult[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        runs[0].push(wrk(targets[0], PAGE, [...headers], SECONDS));
        runs[1].push(wrk(targets[1], PAGE, [...headers], SECONDS));
      }
      const [without, withSettings] = runs.map((r) => median(r.map((x) => x.rps)));
      const [cpuWithout, cpuWith] = runs.map((r) => median(r.map((x) => x.cpuUs)));
      row({
        section: SECTION,
        figure: `${PAGE}, ${label}: with all three settings vs without`,
        ours: `${withSettings.toFixed(0)} req/s, ${cpuWith.toFixed(1)} µs CPU/request`,
        peer: `without settings ${without.toFixed(0)} req/s, ${cpuWithout.toFixed(1)} µs CPU/request`,
        ratio: `${(withSettings / without).toFixed(2)}×`,
        budget: '≥ 0.90×',
        result: passIf(withSettings / without >= 0.9),
      });
    }
  } finally {
    for (const server of running.reverse()) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  out('');
}

async function propagation(out: Out, row: AddRow): Promise<void> {
  out('#### A save reaching a second server process on PostgreSQL');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    out('Skipped: set TEST_DATABASE_URL.');
    out('');
    return;
  }
  const schema = `bench_settings_${randomBytes(4).toString('hex')}`;
  const db = await createDb({ url: pgUrl, schema, poolSize: 2 });
  const running: TestServer[] = [];
  try {
    await migrate(db);
    const by = await owner(db);
    const databaseUrl = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const one = await startTestServer({ DATABASE_URL: databaseUrl });
    running.push(one);
    const two = await startTestServer({ DATABASE_URL: databaseUrl });
    running.push(two);
    const saved: number[] = [];
    const reached: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = `GTM-PROP${String(i).padStart(3, '0')}`;
      const started = performance.now();
      const res = await fetch(`${one.url}/api/admin/settings/tag-manager`, {
        method: 'POST',
        headers: { origin: one.url, cookie: by.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ containerId: id }),
      });
      if (!res.ok) throw new Error(`save answered ${res.status}: ${await res.text()}`);
      saved.push(performance.now() - started);
      for (;;) {
        if ((await (await fetch(`${two.url}/about`)).text()).includes(`data-container="${id}"`)) break;
        if (performance.now() - started > 30_000) throw new Error(`${id} did not reach the second server within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      reached.push(performance.now() - started);
      // Saves a few seconds apart, so each lands at a different point of the other's poll.
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    out(
      'Two server processes on one PostgreSQL (127.0.0.1); 5 saves of the container id on the first through POST ' +
        '/api/admin/settings/tag-manager, each followed by polling /about on the second every 20 ms.',
    );
    const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms (max ${Math.max(...xs).toFixed(0)})`;
    row({
      section: SECTION,
      figure: 'a save answered (the first server serves it)',
      ours: ms(saved),
      budget: 'median ≤ 300 ms',
      result: passIf(median(saved) <= 300),
    });
    row({
      section: SECTION,
      figure: 'a save served by the second server process (PostgreSQL)',
      ours: ms(reached),
      budget: 'median ≤ 1 s, every save < 5 s',
      result: passIf(median(reached) <= 1000 && Math.max(...reached) < 5000),
    });
  } finally {
    for (const server of running.reverse()) await server.stop();
    await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await db.close();
  }
  out('');
}

/** The section `npm run bench` prints (BENCH_ONLY=settings runs it alone). */
export async function benchSettings(out: Out, row: AddRow): Promise<void> {
  out('### settings');
  await servingWithAndWithout(out, row);
  await propagation(out, row);
}
