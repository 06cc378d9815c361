import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Db } from '../db/index.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';
import { purgeWebVitals, WEB_VITALS_WINDOW_MS, webVitalsP75 } from '../db/web-vitals.ts';
import { loadSiteFiles, type SiteFiles } from '../site/site-files.ts';
import { makeTempDist, testEnv } from '../../tests/dist-fixture.ts';
import {
  MAX_METRICS_PER_BEACON,
  MAX_VITALS_BODY_BYTES,
  VITALS_BEACONS_PER_MINUTE,
  VITALS_BEACONS_PER_MINUTE_ALL,
} from './vitals.ts';

const postgresUrl = await reachableTestPostgres();
const backends = [
  { name: 'PGlite (in memory)', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

const beacon = {
  page: '/services/roof-repairs',
  metrics: [
    { name: 'LCP', value: 1834.2, id: 'v6-1763750000000-1234567890123', rating: 'good', navigationType: 'navigate' },
    { name: 'CLS', value: 0.042, id: 'v6-1763750000000-1234567890124', rating: 'good', navigationType: 'navigate' },
    { name: 'TTFB', value: 88.5, id: 'v6-1763750000000-1234567890125', rating: 'good', navigationType: 'navigate' },
  ],
};

for (const backend of backends) {
  describe.skipIf(backend.skip)(`POST /api/vitals on ${backend.name}`, () => {
    let dist: Awaited<ReturnType<typeof makeTempDist>>;
    let store: SiteFiles;
    let db: Db;

    beforeAll(async () => {
      dist = await makeTempDist({
        'index.html': '<h1>Home</h1>',
        'services/roof-repairs.html': '<h1>Roof repairs</h1>',
        'admin.html': '<h1>Dashboard</h1>',
        'admin/login.html': '<h1>Sign in</h1>',
        'robots.txt': 'User-agent: *',
        'assets/entry-abc123.js': 'console.log(1)',
        '404.html': '<h1>Not found</h1>',
      });
      store = await loadSiteFiles(dist.dir);
      db = await openTestDb(backend.url, { migrate: true });
    });

    afterAll(async () => {
      await db?.close();
      await dist?.cleanup();
    });

    beforeEach(async () => {
      await db.exec('TRUNCATE web_vitals');
    });

    // A new app per test: each has its own rate-limit counters.
    const newApp = () => createApp({ env: testEnv({ DIST_DIR: dist.dir }), db, files: store });

    const post = (app: ReturnType<typeof newApp>, body: unknown, headers: Record<string, string> = {}) =>
      app.request('/api/vitals', {
        method: 'POST',
        // navigator.sendBeacon sends a string body as text/plain.
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('stores a beacon sent as text/plain and answers 204 with no body', async () => {
      const res = await post(newApp(), beacon);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      const rows = await db.query<{ page: string; metric: string; value: number; rating: string; metric_id: string }>(
        'SELECT page, metric, value, rating, metric_id FROM web_vitals ORDER BY metric',
      );
      expect(rows).toEqual([
        { page: '/services/roof-repairs', metric: 'CLS', value: 0.042, rating: 'good', metric_id: beacon.metrics[1]!.id },
        { page: '/services/roof-repairs', metric: 'LCP', value: 1834.2, rating: 'good', metric_id: beacon.metrics[0]!.id },
        { page: '/services/roof-repairs', metric: 'TTFB', value: 88.5, rating: 'good', metric_id: beacon.metrics[2]!.id },
      ]);
      expect(await webVitalsP75(db)).toHaveLength(3);
    });

    it('files /page/ under /page, the canonical URL', async () => {
      await post(newApp(), { ...beacon, page: '/services/roof-repairs/' });
      const rows = await db.query<{ page: string }>('SELECT DISTINCT page FROM web_vitals');
      expect(rows).toEqual([{ page: '/services/roof-repairs' }]);
    });

    it('updates a metric reported again under the same id', async () => {
      const app = newApp();
      await post(app, { page: '/', metrics: [{ name: 'CLS', value: 0.01, id: 'v6-1-1' }] });
      await post(app, { page: '/', metrics: [{ name: 'CLS', value: 0.2, id: 'v6-1-1', rating: 'needs-improvement' }] });
      expect(await webVitalsP75(db)).toEqual([{ page: '/', metric: 'CLS', p75: 0.2, samples: 1 }]);
    });

    it.each([
      ['an unknown metric', { ...beacon, metrics: [{ name: 'FID', value: 12, id: 'v6-1' }] }, 'metrics.0.name'],
      ['a negative value', { ...beacon, metrics: [{ name: 'LCP', value: -1, id: 'v6-1' }] }, 'metrics.0.value'],
      ['a CLS beyond any real page', { ...beacon, metrics: [{ name: 'CLS', value: 250, id: 'v6-1' }] }, 'metrics.0.value'],
      ['a timing over ten minutes', { ...beacon, metrics: [{ name: 'TTFB', value: 700_000, id: 'v6-1' }] }, 'metrics.0.value'],
      ['a value that is not a number', { ...beacon, metrics: [{ name: 'LCP', value: '1800', id: 'v6-1' }] }, 'metrics.0.value'],
      ['an id with markup', { ...beacon, metrics: [{ name: 'LCP', value: 1, id: '<script>' }] }, 'metrics.0.id'],
      ['another site’s URL as the page', { ...beacon, page: 'https://evil.example/' }, 'page'],
      ['a protocol-relative page', { ...beacon, page: '//evil.example/x' }, 'page'],
      ['no metrics', { ...beacon, metrics: [] }, 'metrics'],
      [
        'too many metrics',
        {
          ...beacon,
          metrics: Array.from({ length: MAX_METRICS_PER_BEACON + 1 }, (_, i) => ({ name: 'LCP', value: 1, id: `v6-${i}` })),
        },
        'metrics',
      ],
    ])('refuses %s with 400 naming the field', async (_label, body, field) => {
      const res = await post(newApp(), body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { ok: boolean; error: string; fields: Record<string, string> };
      expect(json.ok).toBe(false);
      expect(Object.keys(json.fields)).toContain(field);
      expect(await db.query('SELECT 1 FROM web_vitals')).toHaveLength(0);
    });

    it('refuses a body that is not JSON, or not an object, with 400', async () => {
      expect((await post(newApp(), '{"page":')).status).toBe(400);
      expect((await post(newApp(), '[1,2]')).status).toBe(400);
    });

    it(`refuses a body over ${MAX_VITALS_BODY_BYTES} bytes with 413 and stores nothing`, async () => {
      const big = { ...beacon, padding: 'x'.repeat(MAX_VITALS_BODY_BYTES) };
      const res = await post(newApp(), big);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toContain('4 KB');
      expect(await db.query('SELECT 1 FROM web_vitals')).toHaveLength(0);
    });

    it(`answers 429 with Retry-After after ${VITALS_BEACONS_PER_MINUTE} beacons a minute from one client`, async () => {
      const app = newApp();
      for (let i = 0; i < VITALS_BEACONS_PER_MINUTE; i += 1) {
        const res = await post(app, { page: '/', metrics: [{ name: 'FCP', value: 900 + i, id: `v6-rate-${i}` }] });
        expect(res.status).toBe(204);
      }
      const res = await post(app, { page: '/', metrics: [{ name: 'FCP', value: 1, id: 'v6-rate-over' }] });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const [row] = await webVitalsP75(db);
      expect(row!.samples).toBe(VITALS_BEACONS_PER_MINUTE);
    });

    it('refuses a page the site does not have, an admin page or a file that is not a page, so forged paths never reach the dashboard', async () => {
      for (const page of ['/no-such-page', '/wp-login.php', '/admin', '/admin/login', '/robots.txt', '/assets/entry-abc123.js']) {
        const res = await post(newApp(), { ...beacon, page });
        expect(res.status, page).toBe(400);
        const json = (await res.json()) as { fields: Record<string, string> };
        expect(json.fields.page, page).toBe('must be a page of this site');
      }
      expect(await db.query('SELECT 1 FROM web_vitals')).toHaveLength(0);
    });

    it(`stores at most ${VITALS_BEACONS_PER_MINUTE_ALL} beacons a minute from all clients together`, async () => {
      // Behind a trusted proxy each beacon comes from its own address, as from rotating IPv6 /64s.
      const app = createApp({ env: testEnv({ DIST_DIR: dist.dir, TRUST_PROXY: '1' }), db, files: store });
      const from = (i: number) => ({ 'x-forwarded-for': `2001:db8:${i.toString(16)}::1` });
      for (let i = 0; i < VITALS_BEACONS_PER_MINUTE_ALL; i += 1) {
        const res = await post(app, { page: '/', metrics: [{ name: 'FCP', value: 900, id: `v6-all-${i}` }] }, from(i));
        expect(res.status).toBe(204);
      }
      const res = await post(app, { page: '/', metrics: [{ name: 'FCP', value: 1, id: 'v6-all-over' }] }, from(99_999));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await db.query('SELECT 1 FROM web_vitals')).toHaveLength(VITALS_BEACONS_PER_MINUTE_ALL);
    });

    it('purges samples older than the dashboard window and keeps the rest', async () => {
      await post(newApp(), beacon);
      const old = new Date(Date.now() - WEB_VITALS_WINDOW_MS - 60_000);
      await db.query(`UPDATE web_vitals SET created_at = $1 WHERE metric = 'LCP'`, [old]);
      expect(await purgeWebVitals(db)).toBe(1);
      const rows = await db.query<{ metric: string }>('SELECT metric FROM web_vitals ORDER BY metric');
      expect(rows.map((r) => r.metric)).toEqual(['CLS', 'TTFB']);
    });

    it('accepts only POST', async () => {
      const res = await newApp().request('/api/vitals');
      expect(res.status).toBe(404);
    });
  });
}
