/**
 * The leads export: RFC 4180 text written by csv-stringify,
 * with every cell that a spreadsheet would read as a formula neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import { BOOKING_LABELS, KIND_LABELS, STATUS_LABELS } from '../../lib/admin-leads.ts';
import {
  ARRIVAL_WINDOWS,
  CONTACT_METHODS,
  formatUsPhone,
  INSURANCE_ANSWERS,
  optionLabel,
  type Option,
  PROPERTY_TYPES,
  URGENCIES,
} from '../../lib/lead-schema.ts';
import { estimateRows } from '../../lib/roof-estimate.ts';
import type { LeadRecord } from './store.ts';

/** The characters a spreadsheet reads as the start of a formula or a control (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell safe to open in a spreadsheet: one starting with `=`, `+`, `-`, `@`, tab
 * or carriage return gets a leading apostrophe, so it is shown as text, never run.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A note on a lead, as the export writes it. */
export interface ExportNote {
  body: string;
  by: string | null;
  at: Date;
}

/** A lead as exported: its record and its notes, oldest first. */
export type ExportLead = LeadRecord & { notes?: readonly ExportNote[] };

type Column = [header: string, value: (lead: ExportLead, timeZone: string) => string | number | null];

/** A coded answer as the office reads it ("Morning (8 am to 12 pm)"), then its code in the next column, for a re-import. */
function labelled(header: string, code: (lead: ExportLead) => string | null, label: (value: string) => string): Column[] {
  return [
    [header, (l) => (code(l) ? label(code(l)!) : null)],
    [`${header} (code)`, (l) => code(l)],
  ];
}

/** An answer picked from one of the form's option lists, labelled as the form shows it. */
const picked = (header: string, code: (lead: ExportLead) => string | null, list: readonly Option<string>[]): Column[] =>
  labelled(header, code, (v) => optionLabel(list, v));

const COLUMNS: Column[] = [
  ['Reference', (l) => l.reference],
  ['Received', (l, tz) => l.createdAt.toLocaleString('en-US', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' })],
  ['Received (UTC)', (l) => l.createdAt.toISOString()],
  ['Kind', (l) => KIND_LABELS[l.kind]],
  ['Status', (l) => STATUS_LABELS[l.status]],
  ['Booking', (l) => (l.bookingStatus ? BOOKING_LABELS[l.bookingStatus] : null)],
  ['Preferred date', (l) => l.preferredDate],
  ...labelled(
    'Arrival window',
    (l) => l.preferredWindow,
    (w) =>
      `${ARRIVAL_WINDOWS[w as keyof typeof ARRIVAL_WINDOWS]?.label ?? w} (${ARRIVAL_WINDOWS[w as keyof typeof ARRIVAL_WINDOWS]?.hours ?? ''})`,
  ),
  ['Name', (l) => l.name],
  // Written as (912) 555-0123: a leading + would be read as a formula.
  ['Phone', (l) => formatUsPhone(l.phone)],
  ['Email', (l) => l.email],
  ['Street address', (l) => l.streetAddress],
  ['ZIP', (l) => l.zip],
  ['Miles from office', (l) => l.distanceMiles],
  ['Outside service area', (l) => (l.outsideServiceArea ? 'yes' : 'no')],
  ['Service', (l) => l.service],
  ...picked('Property type', (l) => l.propertyType, PROPERTY_TYPES),
  ...picked('Urgency', (l) => l.urgency, URGENCIES),
  ...picked('Insurance claim', (l) => l.insuranceClaim, INSURANCE_ANSWERS),
  ...picked('Preferred contact', (l) => l.preferredContact, CONTACT_METHODS),
  ['Texts allowed', (l) => (l.smsConsent ? 'yes' : 'no')],
  ['Message', (l) => l.message],
  // The /savannah-roof-cost estimate the visitor brought, in words.
  [
    'Roof estimate',
    (l) =>
      l.estimate
        ? estimateRows(l.estimate)
            .map((r) => `${r.label}: ${r.value}`)
            .join('; ')
        : null,
  ],
  // The office's notes, oldest first, one a line: "11/20/26, 10:30 AM, @login: text".
  [
    'Notes',
    (l, tz) =>
      l.notes?.length
        ? l.notes
            .map(
              (n) =>
                `${n.at.toLocaleString('en-US', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' })}, ${n.by ? `@${n.by}` : 'the system'}: ${n.body}`,
            )
            .join('\n')
        : null,
  ],
  ['Landing page', (l) => l.landingPage],
  ['Referrer', (l) => l.referrer],
  ['UTM source', (l) => l.utmSource],
  ['UTM medium', (l) => l.utmMedium],
  ['UTM campaign', (l) => l.utmCampaign],
  ['UTM term', (l) => l.utmTerm],
  ['UTM content', (l) => l.utmContent],
  ['gclid', (l) => l.gclid],
  ['gbraid', (l) => l.gbraid],
  ['wbraid', (l) => l.wbraid],
  ['Spam check', (l) => l.spamReason],
];

/** The header line, CRLF-terminated. */
export function csvHeader(): string {
  return stringify([COLUMNS.map(([header]) => header)], { record_delimiter: 'windows' });
}

/** Rows for `leads`, CRLF-terminated (RFC 4180), every text cell neutralised. */
export function csvRows(leads: readonly ExportLead[], timeZone: string): string {
  const records = leads.map((lead) =>
    COLUMNS.map(([, value]) => {
      const cell = value(lead, timeZone);
      return typeof cell === 'string' ? neutraliseCell(cell) : cell === null ? '' : String(cell);
    }),
  );
  return stringify(records, { record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
}
