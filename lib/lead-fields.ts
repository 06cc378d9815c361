/**
 * Field limits of the lead and report forms, apart from the schema so the
 * attribution capture on every page can use them without loading zod.
 */

export const MESSAGE_MAX = 2000;

/**
 * The most characters each lead field may carry. The schema refuses longer
 * typed values and cuts longer silent ones; the browser cuts silent values
 * before sending; and the server sizes its body limit from these (`maxFormBytes`),
 * so no valid request can be refused for its size.
 */
export const LEAD_FIELD_MAX = {
  kind: 20,
  name: 100,
  phone: 40,
  email: 254,
  zip: 10,
  streetAddress: 200,
  preferredDate: 10,
  preferredWindow: 20,
  slot: 40,
  service: 80,
  propertyType: 40,
  urgency: 40,
  insuranceClaim: 40,
  message: MESSAGE_MAX,
  preferredContact: 40,
  smsConsent: 10,
  landingPage: 2048,
  referrer: 2048,
  pageUrl: 2048,
  utmSource: 200,
  utmMedium: 200,
  utmCampaign: 200,
  utmTerm: 200,
  utmContent: 200,
  gclid: 200,
  gbraid: 200,
  wbraid: 200,
  website: 500,
  idempotencyKey: 100,
  startedAt: 16,
  sentAt: 16,
  /** The /savannah-roof-cost estimate as JSON (lib/roof-estimate.ts); the largest valid one is about 300. */
  estimate: 1000,
} as const;

/** The /report-issue form's fields and their maxima, as `LEAD_FIELD_MAX`. */
export const ISSUE_FIELD_MAX = { message: MESSAGE_MAX, page: 2048, email: 254, website: 500 } as const;

/**
 * The largest body a valid post of these fields can make. Form encoding is the
 * costliest: a character outside ASCII takes up to 9 bytes (`%E4%B8%AD`), and
 * UTF-16 counts a 4-byte character as 2, so 9 bytes per counted character
 * bounds every value; JSON and multipart stay below it. Plus a little for
 * multipart's boundaries.
 */
export function maxFormBytes(fieldMax: Readonly<Record<string, number>>): number {
  let bytes = 0;
  for (const [name, max] of Object.entries(fieldMax)) {
    bytes += name.length + 2 + max * 9 + 200;
  }
  return bytes;
}

/** Cuts each silent value to its field's maximum, so a long address bar never costs a lead. */
export function fitSilentFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const max = (LEAD_FIELD_MAX as Record<string, number>)[name];
    out[name] = max === undefined ? value : value.slice(0, max);
  }
  return out;
}
