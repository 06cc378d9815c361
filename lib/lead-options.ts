/**
 * What the lead forms offer and how their fields are named: the two kinds of
 * lead, the arrival windows, the option lists, the fields' human names and their
 * order on the forms. Plain data, read by the islands, the server and the emails alike.
 */

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

export interface Option<V extends string> {
  value: V;
  label: string;
}

/** An option list from `[value, label]` pairs, in the order the forms show them. */
const options = <const V extends string>(pairs: readonly (readonly [V, string])[]): Option<V>[] =>
  pairs.map(([value, label]) => ({ value, label }));

export const PROPERTY_TYPES = options([
  ['single_family', 'Single-family home'],
  ['townhouse', 'Townhouse or condo'],
  ['multi_family', 'Multi-family building'],
  ['commercial', 'Commercial building'],
  ['church', 'Church'],
  ['other', 'Other'],
]);

export const URGENCIES = options([
  ['emergency', 'Emergency: a leak or storm damage now'],
  ['this_week', 'This week'],
  ['this_month', 'Within a month'],
  ['planning', 'Just planning ahead'],
]);

export const INSURANCE_ANSWERS = options([
  ['yes', 'Yes'],
  ['no', 'No'],
  ['not_sure', 'Not sure'],
]);

export const CONTACT_METHODS = options([
  ['phone', 'Phone call'],
  ['text', 'Text message'],
  ['email', 'Email'],
]);

/** The label of an option value, or the value itself when it is not one (old rows, free text). */
export function optionLabel(list: readonly Option<string>[], value: string | null | undefined): string {
  if (!value) return '';
  return list.find((option) => option.value === value)?.label ?? value;
}

/** The values of an option list, as zod's enum takes them. */
export const optionValues = <V extends string>(list: readonly Option<V>[]) => list.map((option) => option.value) as [V, ...V[]];

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

/** Field names with errors, in the order they appear on the forms. */
export function orderedErrorFields(fields: Record<string, string>): string[] {
  const order: readonly string[] = FIELD_ORDER;
  return Object.keys(fields).sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib);
  });
}
