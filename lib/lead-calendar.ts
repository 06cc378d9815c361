/**
 * The office calendar for booking an inspection. Dates are plain `YYYY-MM-DD`
 * calendar days: "tomorrow" is decided in the office's zone (the facts file's
 * `timeZone`, whatever the visitor's zone), then arithmetic happens on UTC
 * midnights, where no daylight-saving shift can move a day.
 */

/** Bookable dates run from tomorrow to this many days ahead. */
export const BOOKING_HORIZON_DAYS = 60;

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
