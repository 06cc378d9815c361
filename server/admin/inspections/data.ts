/** The inspections calendar as words: a week of bookable days by window, its bookings, capacity and blocks. */
import { BOOKING_LABELS } from '../../../lib/admin-leads.ts';
import type { CalendarDayView, InspectionsPageView } from './view.ts';
import {
  addDays,
  ARRIVAL_WINDOWS,
  BOOKING_HORIZON_DAYS,
  formatDateLong,
  formatDateShort,
  isCalendarDate,
  isSunday,
  WINDOW_IDS,
} from '../../../lib/lead-schema.ts';
import { bookingsBetween } from '../../leads/admin-store.ts';
import { availabilityOf, blockedDatesBetween, defaultCapacity, weekdayCapacity } from '../../leads/store.ts';
import { leadHref } from '../core/format.ts';
import type { AdminPageDeps } from '../core/pages.ts';

/** The days the booking form offers: tomorrow to +60, Sundays closed. Today cannot be booked, so it is not listed. */
export function calendarDates(today: string): string[] {
  const dates: string[] = [];
  for (let day = 1; day <= BOOKING_HORIZON_DAYS; day++) {
    const d = addDays(today, day);
    if (!isSunday(d)) dates.push(d);
  }
  return dates;
}

const WEEK_COUNT = Math.ceil(BOOKING_HORIZON_DAYS / 7);

/** Whole days from `a` to `b` (office dates). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * Which week to show and which day to open, from the address: `?day=YYYY-MM-DD` opens that day
 * in its week, `?week=N` the Nth week from tomorrow; anything else the first week.
 */
export function weekOf(today: string, query: { week?: string; day?: string }): { week: number; day: string | null } {
  const first = addDays(today, 1);
  if (query.day && isCalendarDate(query.day)) {
    const offset = daysBetween(first, query.day);
    if (offset >= 0 && offset < BOOKING_HORIZON_DAYS) return { week: Math.floor(offset / 7), day: query.day };
  }
  const week = Number(query.week);
  return { week: Number.isInteger(week) && week > 0 && week < WEEK_COUNT ? week : 0, day: null };
}

/** One week of the calendar (from tomorrow, in steps of seven days), with `day` opened. */
export async function calendarView(
  { built, db }: AdminPageDeps,
  today: string,
  { week, day }: { week: number; day: string | null },
): Promise<InspectionsPageView> {
  const all = calendarDates(today);
  const start = addDays(today, 1 + week * 7);
  const end = addDays(start, 6);
  const dates = all.filter((d) => d >= start && d <= end);
  const [days, bookings, blocked, fallback, weekdays] = await Promise.all([
    availabilityOf(db, dates),
    bookingsBetween(db, start, end),
    blockedDatesBetween(db, start, end),
    defaultCapacity(db),
    weekdayCapacity(db),
  ]);
  const blockedOf = new Map(blocked.map((b) => [b.date, b]));
  const path = built.site.pages['admin-inspections'];
  const views = days.map((d): CalendarDayView => ({
    date: d.date,
    label: formatDateLong(d.date).replace(/, \d{4}$/, ''),
    blocked: d.blocked ? { reason: blockedOf.get(d.date)?.reason ?? null, by: blockedOf.get(d.date)?.by ?? null } : null,
    closed: d.closed,
    windows: WINDOW_IDS.map((id) => ({
      id,
      label: ARRIVAL_WINDOWS[id].label,
      hours: ARRIVAL_WINDOWS[id].hours,
      capacity: d.windows[id].configured,
      booked: d.windows[id].booked,
      remaining: d.windows[id].remaining,
      bookings: bookings
        .filter((b) => b.preferredDate === d.date && b.preferredWindow === id)
        .map((b) => ({
          reference: b.reference,
          href: leadHref(built, b.reference),
          name: b.name,
          bookingLabel: BOOKING_LABELS[b.bookingStatus ?? 'requested'],
        })),
    })),
  }));
  const opened = views.find((v) => v.date === day) ?? views[0] ?? null;
  return {
    defaultCapacity: fallback,
    weekdayCapacity: weekdays,
    days: views,
    day: opened,
    weekLabel: `${formatDateShort(start)} to ${formatDateShort(end)}`,
    prevWeekHref: week > 0 ? `${path}?week=${week - 1}` : null,
    nextWeekHref: week < WEEK_COUNT - 1 ? `${path}?week=${week + 1}` : null,
    dayHrefs: Object.fromEntries(views.map((v) => [v.date, `${path}?day=${v.date}#day`])),
    firstDate: all[0]!,
    lastDate: all.at(-1)!,
  };
}
