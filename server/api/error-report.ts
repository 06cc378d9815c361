import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { proxyTrust } from '../config/env.ts';
import { insertErrorLog } from '../db/error-log.ts';
import { createRateLimiter, rateLimit } from '../http/rate-limit.ts';
import { jsonError, readValidJson } from '../http/api-response.ts';

export const MAX_ERROR_REPORT_BYTES = 16 * 1024;
export const ERROR_REPORTS_PER_MINUTE = 10;

const MAX_REFERRER = 2048;
const MAX_USER_AGENT = 512;
// Year 1970 to 9999: anything outside is a broken client clock, not a date worth storing.
const MAX_EPOCH_MS = 253_402_300_799_999;

const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

/** The error record as the fallback error screen sends it. */
export const errorReportSchema = z.object({
  message: z.string().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
  stack: optionalText(8000),
  componentStack: optionalText(8000),
  timestamp: z.union(
    [
      z.iso.datetime({ offset: true }).transform((iso) => new Date(iso)),
      z
        .number()
        .int()
        .min(0)
        .max(MAX_EPOCH_MS)
        .transform((ms) => new Date(ms)),
    ],
    { message: 'must be an ISO 8601 date-time or epoch milliseconds' },
  ),
  userAgent: optionalText(MAX_USER_AGENT),
  url: z.string().min(1, 'is required').max(2048, 'must be at most 2048 characters'),
});

export type ErrorReport = z.infer<typeof errorReportSchema>;

/**
 * POST /api/error-report: validate, rate-limit, store as kind 'render', answer 204.
 * `allowWrite` is the app's cap on error-log writes per minute from all clients together.
 */
export function errorReportApi({ env, db }: AppDeps, allowWrite: () => boolean): Hono {
  const api = new Hono();
  const limiter = createRateLimiter({ limit: ERROR_REPORTS_PER_MINUTE, windowMs: 60_000 });

  api.post(
    '/error-report',
    // Rate-limit first: a flood of oversized bodies should cost us a counter, not a read.
    rateLimit(limiter, { ...proxyTrust(env), scope: 'error-report' }),
    bodyLimit({
      maxSize: MAX_ERROR_REPORT_BYTES,
      onError: (c) => jsonError(c, 413, `An error report may be at most ${MAX_ERROR_REPORT_BYTES / 1024} KB.`),
    }),
    async (c) => {
      const parsed = await readValidJson(c, errorReportSchema, 'The error report has invalid fields.');
      if (!parsed.ok) return parsed.response;
      const report = parsed.value;
      if (!allowWrite()) {
        return jsonError(c, 429, 'Too many error reports right now. Please try again in a minute.', undefined, {
          'retry-after': '60',
        });
      }
      await insertErrorLog(db, {
        kind: 'render',
        message: report.message,
        stack: report.stack,
        componentStack: report.componentStack,
        url: report.url,
        referrer: c.req.header('referer')?.slice(0, MAX_REFERRER),
        userAgent: report.userAgent ?? c.req.header('user-agent')?.slice(0, MAX_USER_AGENT),
        clientTimestamp: report.timestamp,
      });
      return c.body(null, 204);
    },
  );

  return api;
}
