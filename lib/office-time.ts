/**
 * Times as the office reads them: the storm notice's expiry is typed as a local
 * date and time in the office's time zone (the facts file's `timeZone`) and stored
 * as an instant. Intl only; no time-zone database of our own.
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at `instant` (negative west of Greenwich). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a `datetime-local` value (`YYYY-MM-DDTHH:MM`) read in `timeZone`,
 * or null when it is not one. A clock time skipped by the spring daylight-saving
 * change (02:30 that night) lands an hour earlier; the page shows the time it saved.
 */
export function officeLocalToInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return null;
  return wallClockToInstant(wall, timeZone);
}

/**
 * The instant at which `timeZone`'s wall clock shows `wall` (that wall time written
 * as if it were UTC milliseconds), daylight saving included.
 */
export function wallClockToInstant(wall: number, timeZone: string): Date {
  // The offset at the guess, then at the corrected instant (they differ only around a change).
  const first = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - zoneOffsetMinutes(first, timeZone) * 60_000);
}

/** The `datetime-local` value of an instant in `timeZone` (minutes precision). */
export function instantToOfficeLocal(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant.getTime(), timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** "Tue, Aug 12, 2026, 6:00 PM EDT": how the admin pages show a time. */
export function formatOfficeTime(instant: Date, timeZone: string): string {
  return instant.toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}
