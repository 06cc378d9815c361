import { anyoneSubscribed } from '../push/push.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Hono, type Context } from 'hono';
import {
  ARRIVAL_WINDOWS,
  FIELD_LABELS,
  formatDateLong,
  LEAD_FIELD_MAX,
  maxFormBytes,
  MESSAGE_MAX,
  normalizeLeadInput,
  officeToday,
  orderedErrorFields,
  parseLead,
  type Lead,
  type LeadAnswer,
  type LeadKind,
} from '../../lib/lead-schema.ts';
import { checkServiceArea, type ServiceAreaCheck } from '../../lib/service-area.ts';
import { slotOffer } from '../../lib/slot-offers.ts';
import type { SlotOffer } from '../../lib/form-props.ts';
import { useZipTable, zipTableFromSource, type ZipTable } from '../../lib/zip-centroids.ts';
import type { AppDeps } from '../app-deps.ts';
import { jsonError } from '../http/api-response.ts';
import { proxyTrust } from '../config/env.ts';
import { postBodyLimit, readPostedBody } from '../http/form-post.ts';
import { leadAccessToken, rememberLeadAccess } from '../leads/access.ts';
import { webhookConfig, type LeadEnv } from '../config/leads.ts';
import { inspectionCalendar } from '../leads/ics.ts';
import { wakeOutbox } from '../leads/outbox.ts';
import { failedPostPage, formPageWithErrors, htmlResponse, resultPage, standalonePage } from '../leads/pages.ts';
import {
  availability,
  createLead,
  findLeadByIdempotencyKey,
  findLeadByToken,
  newAccessToken,
  newReference,
  sameRequest,
  type CreateLeadResult,
  type LeadRecord,
  type NotificationChannel,
  type SpamReason,
} from '../leads/store.ts';
import { clientAddress, createRateLimiter, type RateLimiter, type RateLimitResult } from '../http/rate-limit.ts';
import { describeError } from '../http/log-error.ts';

// Any ZIP a visitor types is checked against the office's (lib/zip-centroids.ts). The table is read
// as the server starts, so that a server without it fails there rather than on a visitor's lead.
const require = createRequire(import.meta.url);
useZipTable(
  zipTableFromSource(fs.readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8'), () => require('zipcodes') as ZipTable),
);

/** No valid lead is larger, in any encoding (lib/lead-fields.ts `maxFormBytes`). */
export const MAX_LEAD_BYTES = maxFormBytes(LEAD_FIELD_MAX);
/** A person needs longer than this to fill in even the short form; a script does not. */
export const MIN_FILL_MS = 2_000;
export const LEAD_RATE_WINDOW_MS = 10 * 60 * 1000;

/** The 429 text, with the phone number so a person who is refused still reaches the office. */
export function rateLimitMessage(retryAfterSeconds: number, phone: string): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent several requests in a few minutes, so we paused the form for you. Please call us at ${phone}, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const INVALID_MESSAGE = 'Please check the highlighted fields.';
const TOO_LARGE_MESSAGE = `This request is larger than any our form can send, so it was not sent. Please keep the message to ${MESSAGE_MAX.toLocaleString('en-US')} characters.`;
const UNREADABLE_MESSAGE = 'Your browser sent the form in a way we could not read, so it was not sent. Please try again.';
/** The answer to a form post the database would not take, with the way to reach the office at once. */
export function storeFailedMessage(phone: string): string {
  return `Something went wrong on our side, so your request was not sent yet. Please try again, or call us at ${phone}.`;
}
/** A key reused for other content says so, and shows nothing of the first request. */
export const KEY_REUSED_MESSAGE =
  'This request key was already used for a different request. Please reload the page and send the form again.';

type AnsweredLead = Pick<LeadRecord, 'reference' | 'kind' | 'outsideServiceArea' | 'accessToken'>;

function answerFor(lead: AnsweredLead, resultPath: string): LeadAnswer {
  return {
    ok: true,
    id: lead.reference,
    reference: lead.reference,
    kind: lead.kind,
    outsideServiceArea: lead.outsideServiceArea,
    redirect: resultPath,
  };
}

/**
 * What makes two posts "the same request": every field the visitor gave and the
 * captured attribution, not the timing or the key. Stored with the lead, so a
 * key sent again with other content is told apart from a retry.
 */
export function requestFingerprint(lead: Lead): string {
  const { startedAt: _started, sentAt: _sent, idempotencyKey: _key, website: _trap, ...content } = lead;
  const entries = Object.entries(content)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
}

/**
 * The idempotency key of a post without one (no JavaScript: the static page
 * cannot hold a per-visitor key): the same request on the same office day is one lead.
 */
export function derivedIdempotencyKey(fingerprint: string, now: Date, timeZone: string): string {
  return `derived-${createHash('sha256')
    .update(`${fingerprint}\u0000${officeToday(now, timeZone)}`)
    .digest('base64url')}`;
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

function fullMessage(
  date: string,
  window: keyof typeof ARRIVAL_WINDOWS,
  offers: number,
  phone: string,
  blocked: boolean,
): string {
  const day = formatDateLong(date).replace(/, \d{4}$/, '');
  if (blocked) {
    return offers > 0
      ? `We are not booking inspections on ${day}. Choose one of the next free windows, or another date.`
      : `We are not booking inspections on ${day}, and every window after it is full. Please call us at ${phone}.`;
  }
  const which = `${day}, ${ARRIVAL_WINDOWS[window].label.toLowerCase()}`;
  return offers > 0
    ? `${which} is fully booked. Choose one of the next free windows, or another date.`
    : `${which} is fully booked, and so is every window after it. Please call us at ${phone}.`;
}

/** The channels a new lead is notified on: email always (pending until SMTP is set), the webhook when configured. */
export function leadChannels(env: LeadEnv): NotificationChannel[] {
  return webhookConfig(env) ? ['email', 'webhook'] : ['email'];
}

/** What the lead routes share, made once per app. */
interface LeadRoutes extends Pick<AppDeps, 'env' | 'db' | 'files'> {
  limiter: RateLimiter;
  channels: NotificationChannel[];
  messageIdDomain: string;
}

/** A lead post that passed validation: what every answer to it needs. */
interface ValidPost {
  c: Context;
  /** Posted by a plain form (no JavaScript): answered with a page or a redirect, not JSON. */
  form: boolean;
  raw: Record<string, unknown>;
  kind: LeadKind;
  now: Date;
  lead: Lead;
  spam: SpamReason | null;
  fingerprint: string;
  idempotencyKey: string;
  area: ServiceAreaCheck;
}

/** The form page again, with what was typed, the problems and a fresh key and start time. */
async function formAnswer(
  c: Context,
  files: AppDeps['files'],
  kind: LeadKind,
  raw: Record<string, unknown>,
  status: 400 | 409 | 429 | 500,
  extra: { errors?: Record<string, string>; formError?: string; alternatives?: SlotOffer[] },
): Promise<Response> {
  const now = new Date();
  const { facts } = files.site;
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
    today: officeToday(now, facts.timeZone),
    focusField,
  };
  const html =
    (await formPageWithErrors(files, kind, props)) ??
    standalonePage('Please check the form', extra.formError ?? INVALID_MESSAGE, facts.phone);
  return htmlResponse(c, html, status);
}

/** The lead is stored (or was already): the visitor may open its result page, and is sent there. */
function succeeded(
  { env, files }: LeadRoutes,
  { c, form, lead }: ValidPost,
  answered: AnsweredLead,
  status: 200 | 201,
): Response {
  rememberLeadAccess(c, env, answered.kind, answered.accessToken);
  const answer = answerFor(answered, resultPage(files.site, lead.kind));
  return form ? c.redirect(answer.redirect, 303) : c.json(answer, status, { 'cache-control': 'no-store' });
}

function keyReused({ files }: LeadRoutes, { c, form, kind, raw }: ValidPost): Response | Promise<Response> {
  if (!form) return jsonError(c, 409, KEY_REUSED_MESSAGE);
  // The form comes back with a fresh key, so sending it again is a new request.
  const { idempotencyKey: _reused, ...values } = raw;
  return formAnswer(c, files, kind, values, 409, { formError: `${KEY_REUSED_MESSAGE} Or call us at ${files.site.facts.phone}.` });
}

/** Over the rate limit: a retry of a request stored before the limit hit still gets its answer. */
async function rateLimited(routes: LeadRoutes, post: ValidPost, limit: RateLimitResult): Promise<Response> {
  const { c, form, kind, raw, lead, spam, area } = post;
  const earlier = await findLeadByIdempotencyKey(routes.db, post.idempotencyKey);
  if (earlier && !sameRequest(earlier, post.fingerprint)) return keyReused(routes, post);
  if (earlier) return succeeded(routes, post, earlier, 200);
  if (spam) {
    const unstored = {
      reference: newReference(),
      accessToken: newAccessToken(),
      kind: lead.kind,
      outsideServiceArea: area.outside,
    };
    return succeeded(routes, post, unstored, 201);
  }
  const message = rateLimitMessage(limit.retryAfterSeconds, routes.files.site.facts.phone);
  c.header('retry-after', String(limit.retryAfterSeconds));
  return form ? formAnswer(c, routes.files, kind, raw, 429, { formError: message }) : jsonError(c, 429, message);
}

/** The chosen inspection window is full or its date blocked: the next free windows are offered instead. */
function fullyBooked(
  { files }: LeadRoutes,
  { c, form, kind, raw, lead }: ValidPost,
  result: Extract<CreateLeadResult, { status: 'full' }>,
) {
  const inspection = lead as Extract<Lead, { kind: 'inspection' }>;
  const offers = result.alternatives.map(slotOffer);
  const message = fullMessage(
    inspection.preferredDate,
    inspection.preferredWindow,
    offers.length,
    files.site.facts.phone,
    result.blocked,
  );
  const fields = { preferredWindow: message };
  if (form) return formAnswer(c, files, kind, raw, 409, { errors: fields, alternatives: offers });
  return c.json({ ok: false, error: message, fields, alternatives: offers }, 409);
}

/** 3. Persist (idempotent, capacity-checked), 4. then answer. */
async function storeAndAnswer(routes: LeadRoutes, post: ValidPost): Promise<Response> {
  const { env, db, files, channels, messageIdDomain } = routes;
  const { c, form, lead, spam, now } = post;
  const limit = routes.limiter.hit(clientAddress(c, proxyTrust(env)));
  if (!limit.allowed) return rateLimited(routes, post, limit);
  const result = await createLead(
    db,
    {
      lead,
      idempotencyKey: post.idempotencyKey,
      fingerprint: post.fingerprint,
      spamReason: spam,
      area: post.area,
      fillMs: fillTime(lead, now),
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      pageUrl: form ? (c.req.header('referer')?.slice(0, 2048) ?? null) : null,
    },
    // A push too, once someone asked for one on their phone (server/push/push.ts).
    {
      channels: (await anyoneSubscribed(db)) ? [...channels, 'push'] : channels,
      messageIdDomain,
      now,
      timeZone: files.site.facts.timeZone,
    },
  );
  if (result.status === 'key-reused') return keyReused(routes, post);
  if (result.status === 'full') return fullyBooked(routes, post, result);
  if (result.status === 'created' && spam === null) wakeOutbox();
  return succeeded(routes, post, result.lead, result.status === 'created' ? 201 : 200);
}

/** POST /api/leads: validation, spam, idempotency, storing, and the answer as JSON, a page or a redirect. */
function postLead(routes: LeadRoutes) {
  const { files } = routes;
  return async (c: Context): Promise<Response> => {
    const body = await readPostedBody(c);
    if (!body.ok) return body.response ?? failedPostPage(c, files, UNREADABLE_MESSAGE, 400);
    const { form, raw } = body;
    const kind: LeadKind = raw.kind === 'inspection' ? 'inspection' : 'consultation';
    const now = new Date();
    const { facts, leadServices: services } = files.site;

    // 1. Validate: nothing is stored for an invalid request.
    const parsed = parseLead(raw, { services, now: () => now, timeZone: facts.timeZone });
    if (!parsed.ok) {
      return form
        ? formAnswer(c, files, kind, raw, 400, { errors: parsed.fields })
        : jsonError(c, 400, INVALID_MESSAGE, parsed.fields);
    }
    const lead = parsed.lead;

    // 2. Spam: a caught bot is answered like a person, and nobody is notified.
    const fingerprint = requestFingerprint(lead);
    const idempotencyKey = lead.idempotencyKey ?? derivedIdempotencyKey(fingerprint, now, facts.timeZone);
    const post: ValidPost = {
      c,
      form,
      raw,
      kind,
      now,
      lead,
      spam: spamReason(lead, now),
      fingerprint,
      idempotencyKey,
      area: checkServiceArea(lead.zip, { zip: facts.address.zip, radiusMiles: facts.radiusMiles }),
    };
    try {
      return await storeAndAnswer(routes, post);
    } catch (error) {
      // Without JavaScript the answer is the page the visitor sees: raw JSON would lose what they typed and the phone number.
      if (!form) throw error;
      console.error(`Could not store a lead posted without JavaScript: ${describeError(error)}`);
      // Answered here rather than by the app's onError: this is how the owner's error log still hears of it.
      c.error = error instanceof Error ? error : new Error(String(error));
      // With the same key, so a try again cannot store it twice should the failure have come after the commit.
      return formAnswer(c, files, kind, { ...raw, idempotencyKey }, 500, { formError: storeFailedMessage(facts.phone) });
    }
  };
}

/** GET /api/leads/availability: the inspection windows still free, for the booking form. */
function availabilityAnswer({ db, files }: LeadRoutes) {
  return async (c: Context): Promise<Response> => {
    const now = new Date();
    const { facts, leadServices } = files.site;
    const days = await availability(db, now, facts.timeZone);
    return c.json(
      {
        ok: true,
        timeZone: facts.timeZone,
        today: officeToday(now, facts.timeZone),
        firstDate: days[0]?.date,
        lastDate: days.at(-1)?.date,
        services: leadServices,
        days: days.map((day) => ({
          date: day.date,
          blocked: day.blocked,
          windows: Object.fromEntries(
            Object.entries(day.windows).map(([window, slot]) => [window, { capacity: slot.capacity, remaining: slot.remaining }]),
          ),
        })),
      },
      200,
      { 'cache-control': 'no-store' },
    );
  };
}

/** GET /api/leads/inspection.ics: the booked visit as a calendar file. */
function inspectionIcs({ env, db, files, messageIdDomain }: LeadRoutes) {
  return async (c: Context): Promise<Response> => {
    // The device that booked has the token as a cookie; `?ref=` still opens links made before that.
    const lead = await findLeadByToken(db, c.req.query('ref') ?? leadAccessToken(c, env, 'inspection') ?? '');
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
      files.site.facts,
    );
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="roof-inspection-${lead.reference}.ics"`,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    });
  };
}

/**
 * POST /api/leads, GET /api/leads/availability and GET /api/leads/inspection.ics
 * (docs/decisions/006-leads-never-lost.md, docs/decisions/007-no-js-form-pages.md).
 */
export function leadsApi({ env, db, files }: AppDeps): Hono {
  const routes: LeadRoutes = {
    env,
    db,
    files,
    limiter: createRateLimiter({ limit: env.LEAD_RATE_LIMIT, windowMs: LEAD_RATE_WINDOW_MS }),
    channels: leadChannels(env),
    messageIdDomain: new URL(env.SITE_URL).hostname || 'localhost',
  };
  const api = new Hono();
  api.post(
    '/leads',
    postBodyLimit(MAX_LEAD_BYTES, TOO_LARGE_MESSAGE, (c, message) => failedPostPage(c, files, message, 413)),
    postLead(routes),
  );
  api.get('/leads/availability', availabilityAnswer(routes));
  api.get('/leads/inspection.ics', inspectionIcs(routes));
  return api;
}
