import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ARRIVAL_WINDOWS,
  FIELD_LABELS,
  formatDateLong,
  normalizeLeadInput,
  officeToday,
  orderedErrorFields,
  parseLead,
  type Lead,
  type LeadKind,
} from '../../components/lead-schema.ts';
import { leadServiceOptions } from '../../build/lead-services.ts';
import { site } from '../../content/site.ts';
import type { AppDeps } from '../app.ts';
import { jsonError, readJsonObject } from '../api-response.ts';
import { webhookConfig, type LeadEnv } from '../leads/config.ts';
import { inspectionCalendar } from '../leads/ics.ts';
import { wakeOutbox } from '../leads/outbox.ts';
import { formPageWithErrors, htmlResponse, RESULT_PAGE } from '../leads/pages.tsx';
import { checkServiceArea } from '../leads/service-area.ts';
import {
  availability,
  createLead,
  findLeadByIdempotencyKey,
  findLeadByToken,
  newAccessToken,
  newReference,
  type LeadRecord,
  type NotificationChannel,
  type Slot,
  type SpamReason,
} from '../leads/store.ts';
import { clientAddress, createRateLimiter } from '../rate-limit.ts';

export const MAX_LEAD_BYTES = 16 * 1024;
/** A person needs longer than this to fill in even the short form; a script does not (DECISIONS.md "Spam"). */
export const MIN_FILL_MS = 2_000;
export const LEAD_RATE_WINDOW_MS = 10 * 60 * 1000;

/** The 429 text, with the phone number so a person who is refused still reaches the office. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent several requests in a few minutes, so we paused the form for you. Please call us at ${site.phone}, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const INVALID_MESSAGE = 'Please check the highlighted fields.';

/** The body of a successful answer; a caught bot gets exactly this shape too. */
export interface LeadAnswer {
  ok: true;
  /** The lead's reference (never the database id). */
  id: string;
  reference: string;
  kind: LeadKind;
  outsideServiceArea: boolean;
  /** The confirmation page, with the token that unlocks its details. */
  redirect: string;
}

function answerFor(lead: Pick<LeadRecord, 'reference' | 'kind' | 'outsideServiceArea' | 'accessToken'>): LeadAnswer {
  return {
    ok: true,
    id: lead.reference,
    reference: lead.reference,
    kind: lead.kind,
    outsideServiceArea: lead.outsideServiceArea,
    redirect: `${RESULT_PAGE[lead.kind]}?ref=${lead.accessToken}`,
  };
}

/**
 * The idempotency key of a post without one (no JavaScript: the static page
 * cannot hold a per-visitor key): the same visitor sending the same request on
 * the same office day is one lead.
 */
export function derivedIdempotencyKey(lead: Lead, now: Date): string {
  const parts = [lead.kind, lead.phone, lead.name.toLowerCase(), lead.zip, lead.message ?? '', officeToday(now)];
  if (lead.kind === 'inspection') parts.push(lead.streetAddress.toLowerCase(), lead.preferredDate, lead.preferredWindow);
  return `derived-${createHash('sha256').update(parts.join('\u0000')).digest('base64url')}`;
}

/** Milliseconds from the form's start to its sending, on one clock; null when unknown or nonsense. */
export function fillTime(lead: Pick<Lead, 'startedAt' | 'sentAt'>, now: Date): number | null {
  if (lead.startedAt === undefined) return null;
  const elapsed = (lead.sentAt ?? now.getTime()) - lead.startedAt;
  return elapsed >= 0 && elapsed < 2 ** 31 ? Math.round(elapsed) : null;
}

export function spamReason(lead: Pick<Lead, 'website' | 'startedAt' | 'sentAt'>, now: Date): SpamReason | null {
  if (lead.website) return 'honeypot';
  const elapsed = fillTime(lead, now);
  if (elapsed !== null && elapsed < MIN_FILL_MS) return 'too_fast';
  return null;
}

function isFormPost(c: Context): boolean {
  const type = c.req.header('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

async function readFormBody(c: Context): Promise<Record<string, unknown>> {
  const body = await c.req.parseBody();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  return out;
}

function slotOffer(slot: Slot) {
  return {
    ...slot,
    label: `${formatDateLong(slot.date).replace(/, \d{4}$/, '')}, ${ARRIVAL_WINDOWS[slot.window].label.toLowerCase()}`,
  };
}

function fullMessage(date: string, window: keyof typeof ARRIVAL_WINDOWS, offers: number): string {
  const which = `${formatDateLong(date).replace(/, \d{4}$/, '')}, ${ARRIVAL_WINDOWS[window].label.toLowerCase()}`;
  return offers > 0
    ? `${which} is fully booked. Choose one of the next free windows, or another date.`
    : `${which} is fully booked, and so is every window after it. Please call us at ${site.phone}.`;
}

function standalonePage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main>${body}</main></body></html>`;
}

/** The channels a new lead is notified on: email always (pending until SMTP is set), the webhook when configured. */
export function leadChannels(env: LeadEnv): NotificationChannel[] {
  return webhookConfig(env) ? ['email', 'webhook'] : ['email'];
}

/**
 * POST /api/leads, GET /api/leads/availability and GET /api/leads/inspection.ics
 * (issue 4; DECISIONS.md "Forms", "Booking", "Spam", "Leads are never lost").
 */
export function leadsApi({ env, db, store }: AppDeps): Hono {
  const api = new Hono();
  const limiter = createRateLimiter({ limit: env.LEAD_RATE_LIMIT, windowMs: LEAD_RATE_WINDOW_MS });
  const services = leadServiceOptions();
  const channels = leadChannels(env);
  const messageIdDomain = new URL(env.SITE_URL).hostname || 'localhost';

  const formAnswer = (
    c: Context,
    kind: LeadKind,
    raw: Record<string, unknown>,
    status: 400 | 409 | 429,
    extra: { errors?: Record<string, string>; formError?: string; alternatives?: ReturnType<typeof slotOffer>[] },
  ) => {
    const now = new Date();
    const { website: _trap, ...values } = normalizeLeadInput(raw);
    const shown: Record<string, string | boolean> = {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' || typeof value === 'boolean') shown[key] = value;
    }
    // A key and a start time for the next try, which a static page could not carry.
    if (typeof shown.idempotencyKey !== 'string') shown.idempotencyKey = newAccessToken();
    shown.startedAt = String(now.getTime());
    const errors = extra.errors ?? {};
    const focusField = extra.alternatives?.length ? 'slot' : orderedErrorFields(errors).find((f) => f in FIELD_LABELS);
    const props = {
      values: shown,
      errors,
      formError: extra.formError,
      alternatives: extra.alternatives,
      today: officeToday(now),
      focusField,
    };
    const html =
      formPageWithErrors(store, kind, props) ??
      standalonePage(
        'Please check the form',
        `<p>${extra.formError ?? INVALID_MESSAGE}</p><p><a href="/contact">Back to the form</a></p>`,
      );
    return htmlResponse(c, html, status);
  };

  api.post(
    '/leads',
    bodyLimit({
      maxSize: MAX_LEAD_BYTES,
      onError: (c) => jsonError(c, 413, `A request may be at most ${MAX_LEAD_BYTES / 1024} KB. Please shorten the message.`),
    }),
    async (c) => {
      const form = isFormPost(c);
      let raw: Record<string, unknown>;
      if (form) {
        raw = await readFormBody(c);
      } else {
        const body = await readJsonObject(c);
        if (!body.ok) return body.response;
        raw = body.value;
      }
      const kind: LeadKind = raw.kind === 'inspection' ? 'inspection' : 'consultation';
      const now = new Date();

      // 1. Validate: nothing is stored for an invalid request.
      const parsed = parseLead(raw, { services, now: () => now });
      if (!parsed.ok) {
        return form
          ? formAnswer(c, kind, raw, 400, { errors: parsed.fields })
          : jsonError(c, 400, INVALID_MESSAGE, parsed.fields);
      }
      const lead = parsed.lead;

      // 2. Spam: a caught bot is answered like a person, and nobody is notified.
      const spam = spamReason(lead, now);
      const idempotencyKey = lead.idempotencyKey ?? derivedIdempotencyKey(lead, now);
      const area = checkServiceArea(lead.zip);
      const success = (answer: LeadAnswer, status: 200 | 201) =>
        form ? c.redirect(answer.redirect, 303) : c.json(answer, status, { 'cache-control': 'no-store' });

      const limit = limiter.hit(clientAddress(c, env.TRUST_PROXY));
      if (!limit.allowed) {
        // A retry of a request that was stored before the limit hit still gets its answer.
        const earlier = await findLeadByIdempotencyKey(db, idempotencyKey);
        if (earlier) return success(answerFor(earlier), 200);
        if (spam) {
          return success(
            answerFor({
              reference: newReference(),
              accessToken: newAccessToken(),
              kind: lead.kind,
              outsideServiceArea: area.outside,
            }),
            201,
          );
        }
        const message = rateLimitMessage(limit.retryAfterSeconds);
        c.header('retry-after', String(limit.retryAfterSeconds));
        return form ? formAnswer(c, kind, raw, 429, { formError: message }) : jsonError(c, 429, message);
      }

      // 3. Persist (idempotent, capacity-checked), 4. then answer.
      const result = await createLead(
        db,
        {
          lead,
          idempotencyKey,
          spamReason: spam,
          area,
          fillMs: fillTime(lead, now),
          userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
          pageUrl: form ? (c.req.header('referer')?.slice(0, 2048) ?? null) : null,
        },
        { channels, messageIdDomain, now },
      );
      if (result.status === 'full') {
        const inspection = lead as Extract<Lead, { kind: 'inspection' }>;
        const offers = result.alternatives.map(slotOffer);
        const message = fullMessage(inspection.preferredDate, inspection.preferredWindow, offers.length);
        const fields = { preferredWindow: message };
        if (form) return formAnswer(c, kind, raw, 409, { errors: fields, alternatives: offers });
        return c.json({ ok: false, error: message, fields, alternatives: offers }, 409);
      }
      if (result.status === 'created' && spam === null) wakeOutbox();
      return success(answerFor(result.lead), result.status === 'created' ? 201 : 200);
    },
  );

  api.get('/leads/availability', async (c) => {
    const now = new Date();
    const days = await availability(db, now);
    return c.json(
      {
        ok: true,
        timeZone: site.timeZone,
        today: officeToday(now),
        firstDate: days[0]?.date,
        lastDate: days.at(-1)?.date,
        services,
        days: days.map((day) => ({
          date: day.date,
          windows: Object.fromEntries(
            Object.entries(day.windows).map(([window, slot]) => [window, { capacity: slot.capacity, remaining: slot.remaining }]),
          ),
        })),
      },
      200,
      { 'cache-control': 'no-store' },
    );
  });

  api.get('/leads/inspection.ics', async (c) => {
    const lead = await findLeadByToken(db, c.req.query('ref') ?? '');
    if (!lead || lead.kind !== 'inspection' || !lead.preferredDate || !lead.preferredWindow || !lead.streetAddress) {
      return jsonError(c, 404, 'No booking has this link.');
    }
    const ics = inspectionCalendar(
      {
        reference: lead.reference,
        date: lead.preferredDate,
        window: lead.preferredWindow,
        streetAddress: lead.streetAddress,
        zip: lead.zip,
        createdAt: lead.createdAt,
      },
      messageIdDomain,
    );
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="roof-inspection-${lead.reference}.ics"`,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    });
  });

  return api;
}
