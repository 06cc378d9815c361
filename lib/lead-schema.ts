/**
 * The one schema for the consultation and inspection forms (DECISIONS.md "Forms",
 * "Booking"), shared by the islands and by POST /api/leads, plus the small visitor
 * issue report of /report-issue. Pure: no node or browser APIs, so it bundles into
 * islands and runs on the server unchanged.
 *
 * It is written with `zod/mini` and imported as a namespace: the classic `zod`
 * entry adds about 20 KB of gzip JavaScript to the island that loads it, and the
 * schema is the same either way.
 */
import * as z from 'zod/mini';
import { ISSUE_FIELD_MAX, LEAD_FIELD_MAX, MESSAGE_MAX } from './lead-fields.ts';
import { parseRoofEstimate } from './roof-estimate-schema.ts';

export { fitSilentFields, ISSUE_FIELD_MAX, LEAD_FIELD_MAX, maxFormBytes, MESSAGE_MAX } from './lead-fields.ts';

/** Bookable dates run from tomorrow to this many days ahead. */
export const BOOKING_HORIZON_DAYS = 60;
/** A booking capacity per date and window until the admin sets another (DECISIONS.md "Booking"). */
export const DEFAULT_WINDOW_CAPACITY = 3;

/** "Not sure" is always offered next to the services list. */
export const NOT_SURE = 'Not sure';

export const LEAD_KINDS = ['consultation', 'inspection'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** POST /api/leads: the body of a successful answer; a caught bot gets exactly this shape too. */
export interface LeadAnswer {
  ok: true;
  /** The lead's reference (never the database id). */
  id: string;
  reference: string;
  kind: LeadKind;
  outsideServiceArea: boolean;
  /** The confirmation page. The token that unlocks its details comes as a cookie, never in this address. */
  redirect: string;
}

export const WINDOW_IDS = ['morning', 'afternoon'] as const;
export type WindowId = (typeof WINDOW_IDS)[number];

/** The arrival windows in office time; `start`/`end` are hours on the 24-hour clock (the .ics file uses them). */
export const ARRIVAL_WINDOWS: Record<WindowId, { label: string; hours: string; start: number; end: number }> = {
  morning: { label: 'Morning', hours: '8 am to 12 pm', start: 8, end: 12 },
  afternoon: { label: 'Afternoon', hours: '12 pm to 4 pm', start: 12, end: 16 },
};

interface Option<V extends string> {
  value: V;
  label: string;
}

const options = <const V extends string>(list: readonly Option<V>[]) => list;

export const PROPERTY_TYPES = options([
  { value: 'single_family', label: 'Single-family home' },
  { value: 'townhouse', label: 'Townhouse or condo' },
  { value: 'multi_family', label: 'Multi-family building' },
  { value: 'commercial', label: 'Commercial building' },
  { value: 'church', label: 'Church' },
  { value: 'other', label: 'Other' },
]);

export const URGENCIES = options([
  { value: 'emergency', label: 'Emergency: a leak or storm damage now' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'Within a month' },
  { value: 'planning', label: 'Just planning ahead' },
]);

export const INSURANCE_ANSWERS = options([
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'not_sure', label: 'Not sure' },
]);

export const CONTACT_METHODS = options([
  { value: 'phone', label: 'Phone call' },
  { value: 'text', label: 'Text message' },
  { value: 'email', label: 'Email' },
]);

/** The label of an option value, or the value itself when it is not one (old rows, free text). */
export function optionLabel(list: readonly Option<string>[], value: string | null | undefined): string {
  if (!value) return '';
  return list.find((option) => option.value === value)?.label ?? value;
}

const values = <V extends string>(list: readonly Option<V>[]) => list.map((option) => option.value) as [V, ...V[]];

/** Human names of the fields, for the error summary and the notification email. */
export const FIELD_LABELS: Record<string, string> = {
  kind: 'Form',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  zip: 'ZIP code',
  streetAddress: 'Street address',
  preferredDate: 'Preferred date',
  preferredWindow: 'Arrival window',
  service: 'Service',
  propertyType: 'Property type',
  urgency: 'How soon',
  insuranceClaim: 'Insurance claim',
  message: 'Message',
  preferredContact: 'Preferred contact',
  smsConsent: 'Text messages',
  estimate: 'Roof estimate',
  page: 'Page',
};

/** Field order on the forms, so "the first bad field" means the same on server and client. */
export const FIELD_ORDER = [
  'name',
  'phone',
  'email',
  'streetAddress',
  'zip',
  'preferredDate',
  'preferredWindow',
  'service',
  'propertyType',
  'urgency',
  'insuranceClaim',
  'message',
  'preferredContact',
  'smsConsent',
  'estimate',
  'page',
] as const;

// ---------------------------------------------------------------------------
// Phone and ZIP

/**
 * A US phone number as E.164 (`+1` and 10 digits), or null. Accepts any punctuation
 * and a leading 1 or +1; area code and exchange must start with 2 to 9 (NANP).
 */
export function normalizeUsPhone(input: string): string | null {
  // An extension is dropped: the office calls the main number.
  const main = input.replace(/\s*(?:ext\.?|extension|x)\s*\d{1,6}\s*$/i, '');
  if (/[a-z]/i.test(main)) return null;
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** `+19125550142` → `(912) 555-0142`, for people to read. */
export function formatUsPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return e164;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A 5-digit ZIP from `31405` or ZIP+4 `31405-1234`, or null. */
export function normalizeZip(input: string): string | null {
  const match = /^(\d{5})(?:[-\s]?\d{4})?$/.exec(input.trim());
  return match ? match[1]! : null;
}

// ---------------------------------------------------------------------------
// Office calendar. Dates are plain `YYYY-MM-DD` calendar days: "tomorrow" is
// decided in the office's zone (the facts file's `timeZone`, whatever the
// visitor's zone), then arithmetic happens on UTC midnights, where no
// daylight-saving shift can move a day.

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date at the office, `YYYY-MM-DD`, in the office's IANA `timeZone`. */
export function officeToday(now: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function dateToUtc(date: string): Date | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Rejects 2026-02-30 and the like, which Date.UTC would roll over.
  return utc.toISOString().slice(0, 10) === date ? utc : null;
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(date: string): boolean {
  return dateToUtc(date) !== null;
}

export function addDays(date: string, days: number): string {
  const utc = dateToUtc(date);
  if (!utc) throw new Error(`Not a date: ${date}`);
  return new Date(utc.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function isSunday(date: string): boolean {
  return dateToUtc(date)?.getUTCDay() === 0;
}

/** The first and last bookable dates: tomorrow and tomorrow + 59 days, i.e. up to 60 days ahead. */
export function bookingRange(now: Date, timeZone: string): { first: string; last: string } {
  const today = officeToday(now, timeZone);
  return { first: addDays(today, 1), last: addDays(today, BOOKING_HORIZON_DAYS) };
}

/** Every bookable date, in order: tomorrow to +60 days, Sundays left out. */
export function bookableDates(now: Date, timeZone: string): string[] {
  const { first, last } = bookingRange(now, timeZone);
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (!isSunday(date)) dates.push(date);
  }
  return dates;
}

/** `Tuesday, December 1, 2026`. */
export function formatDateLong(date: string): string {
  const utc = dateToUtc(date);
  if (!utc) return date;
  return utc.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** `Tue, Dec 1`. */
export function formatDateShort(date: string): string {
  const utc = dateToUtc(date);
  if (!utc) return date;
  return utc.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
}

/** Why a date cannot be booked, in words for the visitor, or null when it can. */
export function bookingDateProblem(date: string, now: Date, timeZone: string): string | null {
  if (!isCalendarDate(date)) return 'Choose a date from the calendar.';
  const { first, last } = bookingRange(now, timeZone);
  if (date < first) return `Choose a date from tomorrow (${formatDateShort(first)}) on.`;
  if (date > last) return `We book up to ${BOOKING_HORIZON_DAYS} days ahead: choose a date up to ${formatDateShort(last)}.`;
  if (isSunday(date)) return 'We do not inspect on Sundays: choose Monday to Saturday.';
  return null;
}

// ---------------------------------------------------------------------------
// Input normalisation: JSON bodies and form posts (all strings, checkboxes "on")
// become one shape before validation, on the server and in the browser alike.

const STRING_FIELDS = [
  'kind',
  'name',
  'phone',
  'email',
  'zip',
  'streetAddress',
  'preferredDate',
  'preferredWindow',
  'service',
  'propertyType',
  'urgency',
  'insuranceClaim',
  'message',
  'preferredContact',
  'website',
  'idempotencyKey',
  'landingPage',
  'referrer',
  'pageUrl',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'gclid',
  'page',
] as const;

const TRUE_WORDS = new Set(['on', 'true', 'yes', '1']);
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

function toEpochMs(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * One input shape from a JSON body or a form post: strings trimmed, blanks
 * dropped, checkboxes as booleans, times as numbers. A `slot` of
 * `YYYY-MM-DD|window` (the "book this one instead" buttons) picks date and window.
 * A malformed idempotency key is dropped, never a reason to refuse a lead.
 */
export function normalizeLeadInput(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of STRING_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string') continue;
    // Windows line ends from form posts count as one character, as the browser's counter shows.
    const trimmed = value.replace(/\r\n/g, '\n').trim();
    if (trimmed !== '') out[field] = trimmed;
  }
  const consent = raw.smsConsent;
  out.smsConsent = consent === true || (typeof consent === 'string' && TRUE_WORDS.has(consent.trim().toLowerCase()));
  const startedAt = toEpochMs(raw.startedAt);
  if (startedAt !== undefined) out.startedAt = startedAt;
  const sentAt = toEpochMs(raw.sentAt);
  if (sentAt !== undefined) out.sentAt = sentAt;
  if (typeof out.idempotencyKey === 'string' && !IDEMPOTENCY_KEY.test(out.idempotencyKey)) delete out.idempotencyKey;
  // The roof estimate: JSON text from a form field, or an object in a JSON body; the schema reads either.
  const estimate = raw.estimate;
  if (typeof estimate === 'string' ? estimate.trim() !== '' : estimate !== undefined && estimate !== null) {
    out.estimate = typeof estimate === 'string' ? estimate.trim() : estimate;
  }
  if (typeof raw.slot === 'string') {
    const [date, window] = raw.slot.split('|');
    if (date && window) {
      out.preferredDate = date.trim();
      out.preferredWindow = window.trim();
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// The schema

export interface LeadSchemaOptions {
  /** The office's IANA time zone (the facts file's `timeZone`): it decides "tomorrow". */
  timeZone: string;
  /** The services offered in the form's list. Without it any short service name passes (the browser before the list loads). */
  services?: readonly string[];
  /** The clock for "tomorrow" and "60 days ahead"; tests pin it. */
  now?: () => Date;
}

const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string(missing).check(z.minLength(1, missing), z.maxLength(max, tooLong));

const optionalText = (max: number, tooLong: string) => z.optional(z.string().check(z.maxLength(max, tooLong)));

/** Attribution and other silent fields are cut to size, never a reason to refuse a lead. */
const silentText = (max: number) =>
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value) => value.slice(0, max)),
    ),
  );

const optionalEnum = <V extends string>(list: readonly Option<V>[], message: string) => z.optional(z.enum(values(list), message));

/** Builds the lead schema; see `LeadSchemaOptions`. Parse what `normalizeLeadInput` returns. */
export function createLeadSchema(schemaOptions: LeadSchemaOptions) {
  const now = schemaOptions.now ?? (() => new Date());
  const services = schemaOptions.services;

  const phone = z.pipe(
    z.string('Enter your phone number so we can call you back.').check(
      z.maxLength(LEAD_FIELD_MAX.phone, 'Enter a 10-digit US phone number, area code first.'),
      z.refine((value) => normalizeUsPhone(value) !== null, 'Enter a 10-digit US phone number, area code first.'),
    ),
    z.transform((value) => normalizeUsPhone(value)!),
  );

  const zip = z.pipe(
    z
      .string('Enter the ZIP code of the property.')
      .check(z.refine((value) => normalizeZip(value) !== null, 'Enter a 5-digit ZIP code.')),
    z.transform((value) => normalizeZip(value)!),
  );

  const service = z.optional(
    z.string().check(
      z.maxLength(LEAD_FIELD_MAX.service, 'Choose a service from the list.'),
      z.refine(
        (value) => services === undefined || value === NOT_SURE || services.includes(value),
        'Choose a service from the list.',
      ),
    ),
  );

  const common = {
    name: requiredText('Enter your name.', LEAD_FIELD_MAX.name, 'Keep the name under 100 characters.').check(
      z.refine((value) => !/[\r\n]/.test(value), 'Enter your name on one line.'),
    ),
    phone,
    email: z.optional(
      z
        .email('Enter an email address like name@example.com, or leave it empty.')
        .check(z.maxLength(LEAD_FIELD_MAX.email, 'That email address is too long.')),
    ),
    zip,
    service,
    propertyType: optionalEnum(PROPERTY_TYPES, 'Choose a property type from the list.'),
    urgency: optionalEnum(URGENCIES, 'Choose how soon from the list.'),
    insuranceClaim: optionalEnum(INSURANCE_ANSWERS, 'Choose yes, no or not sure.'),
    message: optionalText(LEAD_FIELD_MAX.message, `Keep the message to ${MESSAGE_MAX} characters or fewer.`),
    preferredContact: optionalEnum(CONTACT_METHODS, 'Choose phone, text or email.'),
    smsConsent: z._default(z.boolean(), false),
    // Captured silently (DECISIONS.md "Forms").
    landingPage: silentText(LEAD_FIELD_MAX.landingPage),
    referrer: silentText(LEAD_FIELD_MAX.referrer),
    pageUrl: silentText(LEAD_FIELD_MAX.pageUrl),
    utmSource: silentText(LEAD_FIELD_MAX.utmSource),
    utmMedium: silentText(LEAD_FIELD_MAX.utmMedium),
    utmCampaign: silentText(LEAD_FIELD_MAX.utmCampaign),
    utmTerm: silentText(LEAD_FIELD_MAX.utmTerm),
    utmContent: silentText(LEAD_FIELD_MAX.utmContent),
    gclid: silentText(LEAD_FIELD_MAX.gclid),
    // Spam signals and the double-submit guard (DECISIONS.md "Spam", "Leads are never lost").
    website: silentText(LEAD_FIELD_MAX.website),
    startedAt: z.optional(z.number()),
    sentAt: z.optional(z.number()),
    idempotencyKey: z.optional(z.string()),
    // The /savannah-roof-cost estimate the visitor brought along (issue 12): refused whole when it is not one.
    estimate: z.optional(
      z.pipe(
        z.unknown(),
        z.transform((value, ctx) => {
          const parsed = parseRoofEstimate(value);
          if (parsed.ok) return parsed.estimate;
          ctx.issues.push({ code: 'custom', message: parsed.problem, input: value });
          return z.NEVER;
        }),
      ),
    ),
  };

  const crossFieldRules = z.superRefine(
    (lead: { email?: string; preferredContact?: string; smsConsent: boolean }, ctx) => {
      if (lead.preferredContact === 'email' && !lead.email) {
        ctx.addIssue({
          code: 'custom',
          path: ['email'],
          message: 'Enter your email address, or choose another way to reach you.',
          input: lead.email,
        });
      }
      if (lead.preferredContact === 'text' && !lead.smsConsent) {
        ctx.addIssue({
          code: 'custom',
          path: ['smsConsent'],
          message: 'Tick this box so we may text you, or choose another way to reach you.',
          input: lead.smsConsent,
        });
      }
    },
    // Also when other fields failed, so every problem shows at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

  const consultation = z.object({ kind: z.literal('consultation'), ...common }).check(crossFieldRules);

  const inspection = z
    .object({
      kind: z.literal('inspection'),
      ...common,
      streetAddress: requiredText(
        'Enter the street address of the property.',
        LEAD_FIELD_MAX.streetAddress,
        'Keep the street address under 200 characters.',
      ).check(
        z.minLength(5, 'Enter the street address with the house number, like 12 Oak St.'),
        z.refine((value) => !/[\r\n]/.test(value), 'Enter the street address on one line.'),
      ),
      preferredDate: z.string('Choose a preferred date.').check(
        z.superRefine((date, ctx) => {
          const problem = bookingDateProblem(date, now(), schemaOptions.timeZone);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: date });
        }),
      ),
      preferredWindow: z.enum(WINDOW_IDS, 'Choose a morning or an afternoon arrival window.'),
    })
    .check(crossFieldRules);

  return z.discriminatedUnion('kind', [consultation, inspection], 'Choose the consultation or the inspection form.');
}

export type LeadSchema = ReturnType<typeof createLeadSchema>;
export type Lead = z.output<LeadSchema>;
export type ConsultationLead = Extract<Lead, { kind: 'consultation' }>;
export type InspectionLead = Extract<Lead, { kind: 'inspection' }>;

/** `fields` of the API error shape: the first message per field. */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Field names with errors, in the order they appear on the forms. */
export function orderedErrorFields(fields: Record<string, string>): string[] {
  const order: readonly string[] = FIELD_ORDER;
  return Object.keys(fields).sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib);
  });
}

export type LeadParseResult = { ok: true; lead: Lead } | { ok: false; fields: Record<string, string> };

/** Normalises raw input and validates it: what the islands run before sending and the server runs on arrival. */
export function parseLead(raw: Record<string, unknown>, schemaOptions: LeadSchemaOptions): LeadParseResult {
  const result = createLeadSchema(schemaOptions).safeParse(normalizeLeadInput(raw));
  return result.success ? { ok: true, lead: result.data } : { ok: false, fields: issuesToFields(result.error.issues) };
}

// ---------------------------------------------------------------------------
// /report-issue (DECISIONS.md "Error reports": a visitor's report, its own kind in the error log)

export const issueReportSchema = z.object({
  message: requiredText('Tell us what happened.', ISSUE_FIELD_MAX.message, `Keep it to ${MESSAGE_MAX} characters or fewer.`),
  page: optionalText(ISSUE_FIELD_MAX.page, 'That page address is too long.'),
  email: z.optional(
    z
      .email('Enter an email address like name@example.com, or leave it empty.')
      .check(z.maxLength(254, 'That email address is too long.')),
  ),
  website: silentText(500),
});

export type IssueReport = z.output<typeof issueReportSchema>;

export type IssueReportParseResult = { ok: true; report: IssueReport } | { ok: false; fields: Record<string, string> };

export function parseIssueReport(raw: Record<string, unknown>): IssueReportParseResult {
  const result = issueReportSchema.safeParse(normalizeLeadInput(raw));
  return result.success ? { ok: true, report: result.data } : { ok: false, fields: issuesToFields(result.error.issues) };
}
