import { ARRIVAL_WINDOWS, formatDateLong, type WindowId } from '../../lib/lead-schema.ts';
import { wallClockToInstant } from '../../lib/office-time.ts';
import type { SiteFacts } from '../../lib/site-facts.ts';

/**
 * The instant when the office's wall clock (in `timeZone`) shows `hour`:00 on `date`
 * (daylight saving included: 8 am is 13:00Z in January, 12:00Z in July).
 */
export function officeTimeToUtc(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return wallClockToInstant(Date.UTC(y, m - 1, d, hour), timeZone);
}

function icsStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 TEXT escaping. A lone CR is a line break too: left raw it would end the content line. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 line folding: at most 75 octets per line, continuation lines start with a space. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface CalendarBooking {
  reference: string;
  date: string;
  window: WindowId;
  streetAddress: string;
  zip: string;
  createdAt: Date;
}

/** The .ics file offered on /appointment-scheduled: one tentative event over the arrival window. */
export function inspectionCalendar(
  booking: CalendarBooking,
  host: string,
  site: Pick<SiteFacts, 'name' | 'phone' | 'timeZone'>,
): string {
  const window = ARRIVAL_WINDOWS[booking.window];
  const start = officeTimeToUtc(booking.date, window.start, site.timeZone);
  const end = officeTimeToUtc(booking.date, window.end, site.timeZone);
  const description =
    `Free roof inspection requested for ${formatDateLong(booking.date)}, ${window.label.toLowerCase()} (${window.hours}). ` +
    `Reference ${booking.reference}. This is a request until our office confirms it by phone. ` +
    `Questions or changes: call ${site.phone}.`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(site.name)}//Roof inspection//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:inspection-${booking.reference}@${host}`,
    `DTSTAMP:${icsStamp(booking.createdAt)}`,
    `DTSTART:${icsStamp(start)}`,
    `DTEND:${icsStamp(end)}`,
    `SUMMARY:${icsText(`Roof inspection by ${site.name} (arrival window)`)}`,
    `LOCATION:${icsText(`${booking.streetAddress}, ${booking.zip}`)}`,
    `DESCRIPTION:${icsText(description)}`,
    'STATUS:TENTATIVE',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
