import { ARRIVAL_WINDOWS, OFFICE_TIME_ZONE, formatDateLong, type WindowId } from '../../components/lead-schema.ts';
import { site } from '../../content/site.ts';

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: OFFICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes the office zone is ahead of UTC at `instant` (-300 in winter, -240 in summer). */
function zoneOffsetMinutes(instant: number): number {
  const p = Object.fromEntries(partsFormatter.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - instant) / 60_000);
}

/**
 * The instant when the office's wall clock shows `hour`:00 on `date`
 * (daylight saving included: 8 am is 13:00Z in January, 12:00Z in July).
 */
export function officeTimeToUtc(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  let instant = wall - zoneOffsetMinutes(wall) * 60_000;
  // A second pass settles instants near a change-over, where the first guess used the other offset.
  instant = wall - zoneOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

function icsStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 TEXT escaping. */
function icsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
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
export function inspectionCalendar(booking: CalendarBooking, host: string): string {
  const window = ARRIVAL_WINDOWS[booking.window];
  const start = officeTimeToUtc(booking.date, window.start);
  const end = officeTimeToUtc(booking.date, window.end);
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
