/**
 * How the workbench pages write things: times in the office's zone, a lead as a
 * row or a card. Everything becomes words here; the React only lays it out.
 */
import { BOOKING_LABELS, KIND_LABELS, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import type { LeadRowView } from '../ui/view.ts';
import { ARRIVAL_WINDOWS, formatDateShort, formatUsPhone } from '../../../lib/lead-schema.ts';
import { formatOfficeTime } from '../../../lib/office-time.ts';
import { telHref } from '../../../lib/site-facts.ts';
import { waitedMs } from '../../leads/admin-store.ts';
import type { LeadRecord } from '../../leads/store.ts';
import type { AdminBuilt } from './deps.ts';

export function officeTime(built: AdminBuilt, at: Date | null): string | null {
  return at ? formatOfficeTime(at, built.site.facts.timeZone) : null;
}

/** "4:05 PM": the clock in the office, for "Saved at …". */
export function officeClock(built: AdminBuilt, at: Date): string {
  return at.toLocaleTimeString('en-US', { timeZone: built.site.facts.timeZone, hour: 'numeric', minute: '2-digit' });
}

export function leadHref(built: AdminBuilt, reference: string): string {
  return `${built.site.pages['admin-lead']}?ref=${encodeURIComponent(reference)}`;
}

/** "Tue, Dec 1, morning". */
export function visitText(date: string, window: keyof typeof ARRIVAL_WINDOWS): string {
  return `${formatDateShort(date)}, ${ARRIVAL_WINDOWS[window].label.toLowerCase()}`;
}

/** A wait in plain words: "under a minute", "12 min", "3 h 5 min", "2 days". */
export function durationText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** "Waiting 12 min" for a lead nobody reached out to yet, else "First touch after 8 min". */
export function touchView(arrived: Date, firstTouch: Date | null, now: Date): { text: string; waiting: boolean } {
  const waited = durationText(waitedMs(arrived, firstTouch, now));
  return firstTouch ? { text: `First touch after ${waited}`, waiting: false } : { text: `Waiting ${waited}`, waiting: true };
}

/** A lead as a row; with its first touch read (`firstTouchAt`, null for none) the row says how long it waited. */
export function leadRow(built: AdminBuilt, lead: LeadRecord & { firstTouchAt?: Date | null }, now = new Date()): LeadRowView {
  return {
    touch: lead.firstTouchAt === undefined ? null : touchView(lead.createdAt, lead.firstTouchAt, now),
    reference: lead.reference,
    href: leadHref(built, lead.reference),
    name: lead.name,
    kind: KIND_LABELS[lead.kind],
    status: lead.status,
    statusLabel: STATUS_LABELS[lead.status],
    received: officeTime(built, lead.createdAt)!,
    receivedIso: lead.createdAt.toISOString(),
    phone: formatUsPhone(lead.phone),
    phoneHref: telHref(lead.phone),
    email: lead.email,
    zip: lead.zip,
    outside: lead.outsideServiceArea,
    distance: lead.distanceMiles === null ? null : `${Math.round(lead.distanceMiles)} mi`,
    service: lead.service,
    visit: lead.preferredDate && lead.preferredWindow ? visitText(lead.preferredDate, lead.preferredWindow) : null,
    bookingLabel: lead.bookingStatus ? BOOKING_LABELS[lead.bookingStatus] : null,
  };
}
