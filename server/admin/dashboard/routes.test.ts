import { describe, expect, it } from 'vitest';
import type { WebVitalP75 } from '../../db/web-vitals.ts';
import { VITALS_SHOWN, vitalsRows } from './routes.ts';

/** LCP, INP and CLS rows for one page, as webVitalsP75 returns them. */
function page(path: string, samples: number, { lcp = 1800, inp = 90, cls = 0.01 } = {}): WebVitalP75[] {
  return [
    { page: path, metric: 'CLS', p75: cls, samples },
    { page: path, metric: 'FCP', p75: 900, samples },
    { page: path, metric: 'INP', p75: inp, samples },
    { page: path, metric: 'LCP', p75: lcp, samples },
  ];
}

describe('the dashboard’s page speed table', () => {
  it('shows the slow pages first, then the most visited, and counts the rest', () => {
    const rows = [
      ...Array.from({ length: 14 }, (_, i) => page(`/fast-${String(i).padStart(2, '0')}`, 100 + i)),
      page('/slow-lcp', 3, { lcp: 4200 }),
      page('/slow-inp', 2, { inp: 350 }),
      page('/shifty', 1, { cls: 0.25 }),
    ].flat();
    const { shown, more, moreSlow } = vitalsRows(rows);
    expect(shown).toHaveLength(VITALS_SHOWN);
    expect(shown.slice(0, 3).map((r) => r.page)).toEqual(['/slow-lcp', '/slow-inp', '/shifty']);
    // Then the busiest fast pages, busiest first.
    expect(shown.slice(3).map((r) => r.page)).toEqual([
      '/fast-13',
      '/fast-12',
      '/fast-11',
      '/fast-10',
      '/fast-09',
      '/fast-08',
      '/fast-07',
    ]);
    expect(shown[0]).toEqual({ page: '/slow-lcp', lcp: '4.2 s', inp: '90 ms', cls: '0.01', samples: 3 });
    expect(more).toBe(7);
    expect(moreSlow).toBe(0);
  });

  it('counts the slow pages it had no room for', () => {
    const rows = Array.from({ length: VITALS_SHOWN + 2 }, (_, i) => page(`/slow-${i}`, 5, { lcp: 3000 })).flat();
    expect(vitalsRows(rows)).toMatchObject({ more: 2, moreSlow: 2 });
  });
});
