import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { normalizeLeadInput, orderedErrorFields, parseIssueReport } from '../../components/lead-schema.ts';
import { site } from '../../content/site.ts';
import type { AppDeps } from '../app.ts';
import { jsonError, readJsonObject } from '../api-response.ts';
import type { Queryable } from '../db/index.ts';
import { htmlResponse, reportPage } from '../leads/pages.tsx';
import { clientAddress, createRateLimiter } from '../rate-limit.ts';

export const MAX_ISSUE_REPORT_BYTES = 16 * 1024;
export const ISSUE_REPORTS_PER_10_MINUTES = 5;

export interface VisitorReport {
  message: string;
  page: string | null;
  email: string | null;
  referrer: string | null;
  userAgent: string | null;
}

/** Stores a visitor's report in the error log with its own kind (DECISIONS.md "Error reports"). */
export async function insertVisitorReport(db: Queryable, report: VisitorReport): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO error_log (kind, message, url, referrer, user_agent, contact_email)
     VALUES ('visitor', $1, $2, $3, $4, $5) RETURNING id`,
    [report.message, report.page, report.referrer, report.userAgent, report.email],
  );
  return row.id;
}

function isFormPost(c: Context): boolean {
  const type = c.req.header('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/** POST /api/report-issue: the /report-issue form, as JSON or as a plain form post. */
export function reportIssueApi({ env, db, store }: AppDeps): Hono {
  const api = new Hono();
  const limiter = createRateLimiter({ limit: ISSUE_REPORTS_PER_10_MINUTES, windowMs: 10 * 60 * 1000 });

  api.post(
    '/report-issue',
    bodyLimit({
      maxSize: MAX_ISSUE_REPORT_BYTES,
      onError: (c) => jsonError(c, 413, `A report may be at most ${MAX_ISSUE_REPORT_BYTES / 1024} KB.`),
    }),
    async (c) => {
      const form = isFormPost(c);
      let raw: Record<string, unknown>;
      if (form) {
        raw = Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'));
      } else {
        const body = await readJsonObject(c);
        if (!body.ok) return body.response;
        raw = body.value;
      }
      const shownAgain = (errors: Record<string, string>, formError?: string, status: 400 | 429 = 400) => {
        const { website: _trap, smsConsent: _unused, ...values } = normalizeLeadInput(raw);
        const html = reportPage(
          store,
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
      const limit = limiter.hit(clientAddress(c, env.TRUST_PROXY));
      if (!limit.allowed) {
        const message = `You have sent several reports in a few minutes. Please email ${site.email}, or try again later.`;
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
