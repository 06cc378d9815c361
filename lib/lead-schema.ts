/**
 * The one schema for the consultation and inspection forms, shared by the
 * islands and by POST /api/leads, so the browser and the server refuse the same
 * input with the same words; plus the small visitor issue report of
 * /report-issue. Pure: no node or browser APIs, so it bundles into islands and
 * runs on the server unchanged. The options, the calendar and the input
 * normalisation live in lead-options.ts, lead-calendar.ts and lead-input.ts;
 * this module exports them too.
 *
 * It is written with `zod/mini` and imported as a namespace: the classic `zod`
 * entry adds about 20 KB of gzip JavaScript to the island that loads it, and the
 * schema is the same either way.
 */
import * as z from 'zod/mini';
import { bookingDateProblem } from './lead-calendar.ts';
import { ISSUE_FIELD_MAX, LEAD_FIELD_MAX, MESSAGE_MAX } from './lead-fields.ts';
import { normalizeLeadInput, normalizeUsPhone, normalizeZip } from './lead-input.ts';
import {
  CONTACT_METHODS,
  INSURANCE_ANSWERS,
  NOT_SURE,
  optionValues,
  PROPERTY_TYPES,
  URGENCIES,
  WINDOW_IDS,
  type Option,
} from './lead-options.ts';
import { parseRoofEstimate } from './roof-estimate-schema.ts';

export * from './lead-calendar.ts';
export { fitSilentFields, ISSUE_FIELD_MAX, LEAD_FIELD_MAX, maxFormBytes, MESSAGE_MAX } from './lead-fields.ts';
export * from './lead-input.ts';
export * from './lead-options.ts';

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

const optionalEnum = <V extends string>(list: readonly Option<V>[], message: string) =>
  z.optional(z.enum(optionValues(list), message));

const SILENT_FIELDS = {
  // Captured silently: where the visitor came from, for the office to see which pages bring leads.
  landingPage: silentText(LEAD_FIELD_MAX.landingPage),
  referrer: silentText(LEAD_FIELD_MAX.referrer),
  pageUrl: silentText(LEAD_FIELD_MAX.pageUrl),
  utmSource: silentText(LEAD_FIELD_MAX.utmSource),
  utmMedium: silentText(LEAD_FIELD_MAX.utmMedium),
  utmCampaign: silentText(LEAD_FIELD_MAX.utmCampaign),
  utmTerm: silentText(LEAD_FIELD_MAX.utmTerm),
  utmContent: silentText(LEAD_FIELD_MAX.utmContent),
  gclid: silentText(LEAD_FIELD_MAX.gclid),
  // Google Ads click ids for iOS app and web traffic, kept for offline conversion import.
  gbraid: silentText(LEAD_FIELD_MAX.gbraid),
  wbraid: silentText(LEAD_FIELD_MAX.wbraid),
  // Spam signals (the honeypot, the fill time) and the double-submit guard (the idempotency key).
  website: silentText(LEAD_FIELD_MAX.website),
  startedAt: z.optional(z.number()),
  sentAt: z.optional(z.number()),
  idempotencyKey: z.optional(z.string()),
};

/** Rules across fields: the way to reach the visitor must be one they gave. */
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

/** The fields both lead forms have; the service must be one of `services` when they are known. */
function commonFields(services: readonly string[] | undefined) {
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

  return {
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
    ...SILENT_FIELDS,
    // The /savannah-roof-cost estimate the visitor brought along: refused whole when it is not one.
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
}

/** The fields only the inspection booking has: where, and when. */
function bookingFields(schemaOptions: LeadSchemaOptions, now: () => Date) {
  return {
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
  };
}

/** Builds the lead schema; see `LeadSchemaOptions`. Parse what `normalizeLeadInput` returns. */
export function createLeadSchema(schemaOptions: LeadSchemaOptions) {
  const now = schemaOptions.now ?? (() => new Date());
  const common = commonFields(schemaOptions.services);
  const consultation = z.object({ kind: z.literal('consultation'), ...common }).check(crossFieldRules);
  const inspection = z
    .object({ kind: z.literal('inspection'), ...common, ...bookingFields(schemaOptions, now) })
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

export type LeadParseResult = { ok: true; lead: Lead } | { ok: false; fields: Record<string, string> };

/** Normalises raw input and validates it: what the islands run before sending and the server runs on arrival. */
export function parseLead(raw: Record<string, unknown>, schemaOptions: LeadSchemaOptions): LeadParseResult {
  const result = createLeadSchema(schemaOptions).safeParse(normalizeLeadInput(raw));
  return result.success ? { ok: true, lead: result.data } : { ok: false, fields: issuesToFields(result.error.issues) };
}

// ---------------------------------------------------------------------------
// /report-issue: a visitor's report of something broken, kept as its own kind in the error log

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
