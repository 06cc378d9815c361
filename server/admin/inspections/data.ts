/** The inspections calendar as words: each bookable day and window, its bookings, capacity and blocks. */
import { BOOKING_LABELS } from '../../../lib/admin-leads.ts';
import type { CalendarDayView, InspectionsPageView } from '../../../lib/admin-view.ts';
import {
  addDays,
  ARRIVAL_WINDOWS,
  BOOKING_HORIZON_DAYS,
  formatDateLong,
  isSunday,
  WINDOW_IDS,
} from '../../../lib/lead-schema.ts';
import { bookingsBetween } from '../../leads/admin-store.ts';
import { availabilityOf, blockedDatesBetween, defaultCapacity } from '../../leads/store.ts';
import { leadHref } from '../core/format.ts';
import type { AdminPageDeps } from '../core/pages.ts';

/** Today and the days the booking form offers (tomorrow to +60, Sundays closed). */
export function calendarDates(today: string): string[] {
  const dates: string[] = [];
  for (let day = 0; day <= BOOKING_HORIZON_DAYS; day++) {
    const d = addDays(today, day);
    if (!isSunday(d)) dates.push(d);
  }
  return dates;
}

/** The calendar from `today` to the last bookable day. */
export async function calendarView({ built, db }: AdminPageDeps, today: string): Promise<InspectionsPageView> {
  const dates = calendarDates(today);
  const last = dates.at(-1)!;
  const [days, bookings, blocked, fallback] = await Promise.all([
    availabilityOf(db, dates),
    bookingsBetween(db, today, last),
    blockedDatesBetween(db, today, last),
    defaultCapacity(db),
  ]);
  const blockedOf = new Map(blocked.map((b) => [b.date, b]));
  return {
    defaultCapacity: fallback,
    firstDate: addDays(today, 1),
    lastDate: last,
    days: days.map((day): CalendarDayView => ({
      date: day.date,
      label: formatDateLong(day.date).replace(/, \d{4}$/, ''),
      blocked: day.blocked ? { reason: blockedOf.get(day.date)?.reason ?? null, by: blockedOf.get(day.date)?.by ?? null } : null,
      windows: WINDOW_IDS.map((id) => ({
        id,
        label: ARRIVAL_WINDOWS[id].label,
        hours: ARRIVAL_WINDOWS[id].hours,
        capacity: day.windows[id].configured,
        booked: day.windows[id].booked,
        remaining: day.windows[id].remaining,
        bookings: bookings
          .filter((b) => b.preferredDate === day.date && b.preferredWindow === id)
          .map((b) => ({
            reference: b.reference,
            href: leadHref(built, b.reference),
            name: b.name,
            bookingLabel: BOOKING_LABELS[b.bookingStatus ?? 'requested'],
          })),
      })),
    })),
  };
}
