import type { Queryable } from './index.ts';

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

export interface WebVitalSample {
  name: WebVitalName;
  /** Milliseconds; CLS is a unitless score. */
  value: number;
  /** web-vitals' metric id: one per metric per page load. */
  id: string;
  rating?: 'good' | 'needs-improvement' | 'poor' | null;
  navigationType?: string | null;
}

export interface WebVitalP75 {
  page: string;
  metric: WebVitalName;
  /** The 75th percentile (continuous), in the metric's unit. */
  p75: number;
  samples: number;
}

/** How far back the dashboard looks by default: 28 days, the window the Chrome UX Report uses. */
export const WEB_VITALS_WINDOW_MS = 28 * 24 * 60 * 60 * 1000;

/**
 * Stores one page's beacon. A metric id seen before updates its row, so a CLS
 * or INP reported again when the page is hidden a second time counts once, at its latest value.
 */
export async function insertWebVitals(db: Queryable, page: string, samples: readonly WebVitalSample[]): Promise<void> {
  if (samples.length === 0) return;
  // A beacon may repeat an id (two reports queued before one flush): the last one wins,
  // and a single INSERT ... ON CONFLICT must not touch the same row twice.
  const latest = new Map<string, WebVitalSample>();
  for (const sample of samples) latest.set(`${sample.name}:${sample.id}`, sample);
  const params: unknown[] = [];
  const rows = [...latest.values()].map((s) => {
    params.push(page, s.name, s.value, s.rating ?? null, s.id, s.navigationType ?? null);
    const n = params.length;
    return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await db.query(
    `INSERT INTO web_vitals (page, metric, value, rating, metric_id, navigation_type)
     VALUES ${rows.join(', ')}
     ON CONFLICT (metric, metric_id) DO UPDATE
       SET value = EXCLUDED.value, rating = EXCLUDED.rating, updated_at = now()`,
    params,
  );
}

/** The p75 of every metric on every page since `since` (default: the last 28 days), ordered by page then metric. */
export function webVitalsP75(db: Queryable, options: { since?: Date } = {}): Promise<WebVitalP75[]> {
  const since = options.since ?? new Date(Date.now() - WEB_VITALS_WINDOW_MS);
  return db.query<WebVitalP75>(
    `SELECT page, metric,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75,
            count(*)::integer AS samples
     FROM web_vitals
     WHERE created_at >= $1
     GROUP BY page, metric
     ORDER BY page, metric`,
    [since],
  );
}

/** Deletes samples older than the dashboard's window, which nothing reads; returns how many went. */
export async function purgeWebVitals(db: Queryable, olderThanMs = WEB_VITALS_WINDOW_MS): Promise<number> {
  const removed = await db.query(`DELETE FROM web_vitals WHERE created_at < $1 RETURNING id`, [
    new Date(Date.now() - olderThanMs),
  ]);
  return removed.length;
}
