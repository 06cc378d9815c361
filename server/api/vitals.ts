import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { proxyTrust } from '../config/env.ts';
import { jsonError, readValidJson } from '../http/api-response.ts';
import { insertWebVitals, WEB_VITAL_NAMES } from '../db/web-vitals.ts';
import { createRateLimiter, rateLimit } from '../http/rate-limit.ts';
import type { SiteFiles } from '../site/site-files.ts';

/** A beacon holds at most a few metrics of one page: 4 KB is ten times what a real one needs. */
export const MAX_VITALS_BODY_BYTES = 4 * 1024;
/** A page sends one beacon each time it is hidden; 30 a minute per client is far above real use. */
export const VITALS_BEACONS_PER_MINUTE = 30;
/**
 * Beacons stored per minute from all clients together: a per-client limit alone lets rotating
 * addresses fill the table and the dashboard. 300 a minute is hundreds of times this site's traffic.
 */
export const VITALS_BEACONS_PER_MINUTE_ALL = 300;
/** Five metrics, again after each back/forward-cache restore. */
export const MAX_METRICS_PER_BEACON = 20;

// Beyond these a value is a broken clock or a forged beacon, not a measurement worth a percentile.
const MAX_TIMING_MS = 10 * 60 * 1000;
const MAX_CLS = 100;

const metricSchema = z
  .object({
    name: z.enum(WEB_VITAL_NAMES, { message: `must be one of ${WEB_VITAL_NAMES.join(', ')}` }),
    value: z.number().min(0, 'must not be negative'),
    id: z
      .string()
      .min(1, 'is required')
      .max(100, 'must be at most 100 characters')
      .regex(/^[A-Za-z0-9._:-]+$/, 'must be a web-vitals metric id'),
    rating: z.enum(['good', 'needs-improvement', 'poor']).nullish(),
    navigationType: z.string().max(32, 'must be at most 32 characters').nullish(),
  })
  .superRefine((metric, ctx) => {
    const max = metric.name === 'CLS' ? MAX_CLS : MAX_TIMING_MS;
    if (metric.value > max) ctx.addIssue({ code: 'custom', path: ['value'], message: `must be at most ${max}` });
  });

/** What client/behaviours/vitals.ts beacons: the page path and its metrics. */
export const vitalsBeaconSchema = z.object({
  page: z
    .string()
    .max(512, 'must be at most 512 characters')
    .regex(/^\/(?![/\\])[^\s?#]*$/, 'must be a path on this site, such as /services/roof-repairs'),
  metrics: z
    .array(metricSchema)
    .min(1, 'must hold at least one metric')
    .max(MAX_METRICS_PER_BEACON, `must hold at most ${MAX_METRICS_PER_BEACON} metrics`),
});

export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

/** `/services/x/` and `/services/x` are one page (canonical URLs have no trailing slash). */
function canonicalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** A page the store serves as HTML: not a redirect, a script, an image or the admin area (never in its lookup). */
function isPublicPage(files: SiteFiles, path: string): boolean {
  const hit = files.lookup('HEAD', path, undefined, undefined);
  return hit?.status === 200 && (hit.headers['content-type'] ?? '').startsWith('text/html');
}

/**
 * POST /api/vitals: rate-limit, cap, validate, store, answer 204.
 * Only pages the site has are stored: a forged path would otherwise become a row of the dashboard.
 */
export function vitalsApi({ env, db, files }: Pick<AppDeps, 'env' | 'db' | 'files'>): Hono {
  const api = new Hono();
  const limiter = createRateLimiter({ limit: VITALS_BEACONS_PER_MINUTE, windowMs: 60_000 });
  const all = createRateLimiter({ limit: VITALS_BEACONS_PER_MINUTE_ALL, windowMs: 60_000, maxKeys: 1 });

  api.post(
    '/vitals',
    rateLimit(limiter, { ...proxyTrust(env), scope: 'vitals' }),
    bodyLimit({
      maxSize: MAX_VITALS_BODY_BYTES,
      onError: (c) => jsonError(c, 413, `A web-vitals beacon may be at most ${MAX_VITALS_BODY_BYTES / 1024} KB.`),
    }),
    async (c) => {
      const parsed = await readValidJson(c, vitalsBeaconSchema, 'The web-vitals beacon has invalid fields.');
      if (!parsed.ok) return parsed.response;
      const page = canonicalPath(parsed.value.page);
      if (!isPublicPage(files, page)) {
        return jsonError(c, 400, 'The web-vitals beacon has invalid fields.', { page: 'must be a page of this site' });
      }
      const cap = all.hit('all');
      if (!cap.allowed) {
        return jsonError(c, 429, 'Too many web-vitals beacons right now; this one was not stored.', undefined, {
          'retry-after': String(cap.retryAfterSeconds),
        });
      }
      await insertWebVitals(db, page, parsed.value.metrics);
      return c.body(null, 204);
    },
  );

  return api;
}
