import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './index.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';
import { insertWebVitals, webVitalsP75, type WebVitalSample } from './web-vitals.ts';

const postgresUrl = await reachableTestPostgres();

const backends = [
  { name: 'PGlite (in memory)', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

const lcp = (value: number, id: string): WebVitalSample => ({
  name: 'LCP',
  value,
  id,
  rating: 'good',
  navigationType: 'navigate',
});

for (const backend of backends) {
  describe.skipIf(backend.skip)(`web vitals on ${backend.name}`, () => {
    let db: Db;

    beforeAll(async () => {
      db = await openTestDb(backend.url, { migrate: true });
    });

    afterAll(async () => {
      await db?.close();
    });

    beforeEach(async () => {
      await db.exec('TRUNCATE web_vitals');
    });

    it('computes the continuous 75th percentile per page and metric', async () => {
      // 1..8 ms: p75 = 1 + 0.75 × (8 − 1) = 6.25 (linear interpolation, as percentile_cont does).
      for (let i = 1; i <= 8; i += 1) await insertWebVitals(db, '/', [lcp(i, `v6-home-${i}`)]);
      await insertWebVitals(db, '/', [
        { name: 'CLS', value: 0.1, id: 'v6-cls-a' },
        { name: 'CLS', value: 0.3, id: 'v6-cls-b' },
      ]);
      await insertWebVitals(db, '/contact', [lcp(2500, 'v6-contact-1')]);
      const rows = await webVitalsP75(db);
      expect(rows).toEqual([
        { page: '/', metric: 'CLS', p75: expect.closeTo(0.25, 10), samples: 2 },
        { page: '/', metric: 'LCP', p75: 6.25, samples: 8 },
        { page: '/contact', metric: 'LCP', p75: 2500, samples: 1 },
      ]);
    });

    it('counts a metric id once, at its latest value', async () => {
      await insertWebVitals(db, '/', [{ name: 'CLS', value: 0.01, id: 'v6-same' }]);
      await insertWebVitals(db, '/', [{ name: 'CLS', value: 0.4, id: 'v6-same', rating: 'poor' }]);
      await insertWebVitals(db, '/', [
        { name: 'INP', value: 80, id: 'v6-twice' },
        { name: 'INP', value: 120, id: 'v6-twice' },
      ]);
      const rows = await webVitalsP75(db);
      expect(rows).toEqual([
        { page: '/', metric: 'CLS', p75: 0.4, samples: 1 },
        { page: '/', metric: 'INP', p75: 120, samples: 1 },
      ]);
    });

    it('leaves out measurements older than the window', async () => {
      await insertWebVitals(db, '/', [lcp(4000, 'v6-old')]);
      await db.query(`UPDATE web_vitals SET created_at = now() - interval '40 days'`);
      await insertWebVitals(db, '/', [lcp(1000, 'v6-new')]);
      expect(await webVitalsP75(db)).toEqual([{ page: '/', metric: 'LCP', p75: 1000, samples: 1 }]);
      const all = await webVitalsP75(db, { since: new Date(Date.now() - 60 * 24 * 3600 * 1000) });
      expect(all).toEqual([{ page: '/', metric: 'LCP', p75: 3250, samples: 2 }]);
    });

    it('returns nothing when nothing is stored', async () => {
      expect(await webVitalsP75(db)).toEqual([]);
    });
  });
}
