import { Hono } from 'hono';
import {
  ISSUE_FIELD_MAX,
  maxFormBytes,
  MESSAGE_MAX,
  normalizeLeadInput,
  orderedErrorFields,
  parseIssueReport,
} from '../../lib/lead-schema.ts';
import type { AppDeps } from '../app-deps.ts';
import { jsonError } from '../http/api-response.ts';
import type { Queryable } from '../db/index.ts';
import { proxyTrust } from '../config/env.ts';
import { postBodyLimit, readPostedBody } from '../http/form-post.ts';
import { failedPostPage, htmlResponse, reportPage } from '../leads/pages.ts';
import { clientAddress, createRateLimiter } from '../http/rate-limit.ts';

/** No valid report is larger, in any encoding (lib/lead-fields.ts `maxFormBytes`). */
export const MAX_ISSUE_REPORT_BYTES = maxFormBytes(ISSUE_FIELD_MAX);
export const ISSUE_REPORTS_PER_10_MINUTES = 5;

export interface VisitorReport {
  message: string;
  page: string | null;
  email: string | null;
  referrer: string | null;
  userAgent: string | null;
}

/** Stores a visitor's report in the error log with its own kind. */
export async function insertVisitorReport(db: Queryable, report: VisitorReport): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO error_log (kind, message, url, referrer, user_agent, contact_email)
     VALUES ('visitor', $1, $2, $3, $4, $5) RETURNING id`,
    [report.message, report.page, report.referrer, report.userAgent, report.email],
  );
  return row.id;
}

/**
 * POST /api/report-issue: the /report-issue form, as JSON or as a plain form post.
 * `allowWrite` is the app's cap on error-log writes per minute, shared by every kind.
 */
export function reportIssueApi({ env, db, files }: AppDeps, allowWrite: () => boolean): Hono {
  const api = new Hono();
  const limiter = createRateLimiter({ limit: ISSUE_REPORTS_PER_10_MINUTES, windowMs: 10 * 60 * 1000 });

  api.post(
    '/report-issue',
    postBodyLimit(
      MAX_ISSUE_REPORT_BYTES,
      `This report is larger than our form can send, so it was not sent. Please keep it to ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
      (c, message) => failedPostPage(c, files, message, 413),
    ),
    async (c) => {
      const body = await readPostedBody(c);
      if (!body.ok) {
        return body.response ?? failedPostPage(c, files, `${body.problem} Please try again.`, 400);
      }
      const { form, raw } = body;
      const shownAgain = async (errors: Record<string, string>, formError?: string, status: 400 | 429 = 400) => {
        const { website: _trap, smsConsent: _unused, ...values } = normalizeLeadInput(raw);
        const html = await reportPage(
          files,
          {
            values: values as Record<string, string>,
            errors,
            formError,
            focusField: orderedErrorFields(errors)[0],
          },
          'Not sent yet, please check the form: ',
        );
        return html ? htmlResponse(c, html, status) : jsonError(c, status, formError ?? 'Please check the form.', errors);
      };

      const parsed = parseIssueReport(raw);
      if (!parsed.ok)
        return form ? shownAgain(parsed.fields) : jsonError(c, 400, 'Please check the highlighted fields.', parsed.fields);
      const done = () => (form ? c.redirect('/report-issue?sent=1', 303) : c.json({ ok: true }, 201));
      // A filled trap is thanked like a person and stored nowhere.
      if (parsed.report.website) return done();
      const limit = limiter.hit(clientAddress(c, proxyTrust(env)));
      if (!limit.allowed || !allowWrite()) {
        const { email, phone } = files.site.facts;
        const message = `We cannot take more reports just now. Please email ${email} or call ${phone}, or try again later.`;
        c.header('retry-after', String(limit.retryAfterSeconds));
        return form ? shownAgain({}, message, 429) : jsonError(c, 429, message);
      }
      await insertVisitorReport(db, {
        message: parsed.report.message,
        page: parsed.report.page ?? null,
        email: parsed.report.email ?? null,
        referrer: c.req.header('referer')?.slice(0, 2048) ?? null,
        userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      });
      return done();
    },
  );

  return api;
}
