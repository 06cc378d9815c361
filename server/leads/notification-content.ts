import {
  ARRIVAL_WINDOWS,
  CONTACT_METHODS,
  INSURANCE_ANSWERS,
  PROPERTY_TYPES,
  URGENCIES,
  formatDateLong,
  formatDateShort,
  formatUsPhone,
  optionLabel,
} from '../../lib/lead-schema.ts';
import { estimateRows } from '../../lib/roof-estimate.ts';
import type { SiteFacts } from '../../lib/site-facts.ts';
import type { LeadRecord } from './store.ts';
import { escapeHtml } from '../http/escape-html.ts';

/** The facts a notification states: the office ZIP and radius, and the zone its times are written in. */
export type NotificationFacts = Pick<SiteFacts, 'address' | 'radiusMiles' | 'timeZone'>;

export interface DetailRow {
  label: string;
  value: string;
}

export interface DetailSection {
  title: string;
  rows: DetailRow[];
}

function submittedText(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(at);
}

/** "Morning (8 am to 12 pm)". */
export function windowText(window: keyof typeof ARRIVAL_WINDOWS): string {
  const w = ARRIVAL_WINDOWS[window];
  return `${w.label} (${w.hours})`;
}

/** One line that says where the lead stands against the service radius. */
export function serviceAreaText(
  lead: Pick<LeadRecord, 'zip' | 'distanceMiles' | 'outsideServiceArea'>,
  site: NotificationFacts,
): string {
  const office = site.address.zip;
  if (lead.distanceMiles === null) {
    return `ZIP ${lead.zip} is not in our ZIP data: check the address before promising a visit.`;
  }
  if (lead.outsideServiceArea) {
    return `OUTSIDE THE SERVICE AREA: ${lead.distanceMiles} miles from ${office} (limit ${site.radiusMiles}). Call before promising a visit.`;
  }
  return `${lead.distanceMiles} miles from the office (${office}).`;
}

/** Every detail of a lead, grouped, for the email and anyone else who lists them. Empty fields are left out. */
export function leadDetails(lead: LeadRecord, site: NotificationFacts): DetailSection[] {
  const row = (label: string, value: string | null | undefined): DetailRow[] => (value ? [{ label, value }] : []);
  const request: DetailRow[] = [
    ...row('Reference', lead.reference),
    ...row('Request', lead.kind === 'inspection' ? 'Free roof inspection' : 'Free consultation'),
    ...(lead.kind === 'inspection' && lead.preferredDate && lead.preferredWindow
      ? [
          { label: 'Preferred date', value: formatDateLong(lead.preferredDate) },
          { label: 'Arrival window', value: windowText(lead.preferredWindow) },
        ]
      : []),
    ...row('Street address', lead.streetAddress),
    { label: 'ZIP code', value: lead.zip },
    { label: 'Service area', value: serviceAreaText(lead, site) },
  ];
  const contact: DetailRow[] = [
    { label: 'Name', value: lead.name },
    { label: 'Phone', value: formatUsPhone(lead.phone) },
    ...row('Email', lead.email),
    ...row('Preferred contact', optionLabel(CONTACT_METHODS, lead.preferredContact)),
    { label: 'Text messages', value: lead.smsConsent ? 'Agreed to receive texts' : 'No consent to texts' },
  ];
  const job: DetailRow[] = [
    ...row('Service', lead.service),
    ...row('Property type', optionLabel(PROPERTY_TYPES, lead.propertyType)),
    ...row('How soon', optionLabel(URGENCIES, lead.urgency)),
    ...row('Insurance claim', optionLabel(INSURANCE_ANSWERS, lead.insuranceClaim)),
  ];
  const source: DetailRow[] = [
    ...row('Landing page', lead.landingPage),
    ...row('Referrer', lead.referrer),
    ...row('Form page', lead.pageUrl),
    ...row('UTM source', lead.utmSource),
    ...row('UTM medium', lead.utmMedium),
    ...row('UTM campaign', lead.utmCampaign),
    ...row('UTM term', lead.utmTerm),
    ...row('UTM content', lead.utmContent),
    ...row('gclid', lead.gclid),
    { label: 'Submitted', value: submittedText(lead.createdAt, site.timeZone) },
  ];
  const sections: DetailSection[] = [
    { title: 'Request', rows: request },
    { title: 'Contact', rows: contact },
  ];
  if (job.length) sections.push({ title: 'About the job', rows: job });
  if (lead.estimate) {
    // What the visitor estimated on /savannah-roof-cost: a ballpark from national figures, not a quote.
    const [range, ...inputs] = estimateRows(lead.estimate);
    sections.push({ title: 'Roof estimate', rows: [{ label: 'Roof estimate', value: range!.value }, ...inputs] });
  }
  if (lead.message) sections.push({ title: 'Message', rows: [{ label: 'Message', value: lead.message }] });
  sections.push({ title: 'Where they came from', rows: source });
  return sections;
}

export function notificationSubject(lead: LeadRecord): string {
  const flags = [
    lead.urgency === 'emergency' ? '[Emergency]' : '',
    lead.outsideServiceArea ? '[Outside service area]' : '',
  ].filter(Boolean);
  const what =
    lead.kind === 'inspection' && lead.preferredDate && lead.preferredWindow
      ? `Inspection request: ${lead.name}, ${formatDateShort(lead.preferredDate)} ${ARRIVAL_WINDOWS[lead.preferredWindow].label.toLowerCase()}`
      : `Consultation request: ${lead.name}, ZIP ${lead.zip}`;
  return [...flags, `${what} (${lead.reference})`].join(' ');
}

export function notificationText(lead: LeadRecord, site: NotificationFacts): string {
  const lines: string[] = [
    `New ${lead.kind === 'inspection' ? 'inspection booking request' : 'consultation request'} from the website.`,
  ];
  if (lead.outsideServiceArea) lines.push('', serviceAreaText(lead, site));
  if (lead.kind === 'inspection') lines.push('', 'The visitor was told the office will call to confirm the visit.');
  for (const section of leadDetails(lead, site)) {
    lines.push('', section.title.toUpperCase());
    if (section.title === 'Message') {
      lines.push(section.rows[0]!.value);
      continue;
    }
    const width = Math.max(...section.rows.map((r) => r.label.length)) + 2;
    for (const r of section.rows) lines.push(`${`${r.label}:`.padEnd(width)}${r.value}`);
  }
  lines.push('', `Reply to this email to write to ${lead.email ? lead.name : 'the office (no visitor email was given)'}.`);
  return lines.join('\n') + '\n';
}

export function notificationHtml(lead: LeadRecord, site: NotificationFacts): string {
  const parts: string[] = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#12304a">',
    `<h1 style="font-size:20px">${escapeHtml(notificationSubject(lead))}</h1>`,
  ];
  if (lead.outsideServiceArea) {
    parts.push(`<p style="color:#a32020;font-weight:bold">${escapeHtml(serviceAreaText(lead, site))}</p>`);
  }
  for (const section of leadDetails(lead, site)) {
    parts.push(`<h2 style="font-size:16px">${escapeHtml(section.title)}</h2>`);
    if (section.title === 'Message') {
      parts.push(`<p style="white-space:pre-wrap">${escapeHtml(section.rows[0]!.value)}</p>`);
      continue;
    }
    parts.push('<table cellpadding="4" style="border-collapse:collapse">');
    for (const r of section.rows) {
      parts.push(`<tr><th align="left" valign="top">${escapeHtml(r.label)}</th><td>${escapeHtml(r.value)}</td></tr>`);
    }
    parts.push('</table>');
  }
  parts.push('</body></html>');
  return parts.join('\n');
}

/** The webhook's JSON body: the lead with stable field names (a contract with the CRM). */
export function webhookPayload(lead: LeadRecord, deliveryId: string): Record<string, unknown> {
  return {
    event: 'lead.created',
    deliveryId,
    lead: {
      reference: lead.reference,
      kind: lead.kind,
      createdAt: lead.createdAt.toISOString(),
      name: lead.name,
      phone: lead.phone,
      email: lead.email,
      zip: lead.zip,
      streetAddress: lead.streetAddress,
      preferredDate: lead.preferredDate,
      preferredWindow: lead.preferredWindow,
      service: lead.service,
      propertyType: lead.propertyType,
      urgency: lead.urgency,
      insuranceClaim: lead.insuranceClaim,
      message: lead.message,
      preferredContact: lead.preferredContact,
      smsConsent: lead.smsConsent,
      distanceMiles: lead.distanceMiles,
      outsideServiceArea: lead.outsideServiceArea,
      estimate: lead.estimate,
      attribution: {
        landingPage: lead.landingPage,
        referrer: lead.referrer,
        pageUrl: lead.pageUrl,
        utmSource: lead.utmSource,
        utmMedium: lead.utmMedium,
        utmCampaign: lead.utmCampaign,
        utmTerm: lead.utmTerm,
        utmContent: lead.utmContent,
        gclid: lead.gclid,
      },
    },
  };
}
