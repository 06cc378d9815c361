/** What the inspections calendar draws, and where its forms post. */
import type { WeekdayCapacity } from '../../../lib/slot-offers.ts';
import type { FormState } from '../../../lib/admin/forms.ts';

export const INSPECTIONS_API = {
  capacity: '/api/admin/inspections/capacity',
  defaultCapacity: '/api/admin/inspections/default-capacity',
  weekdayCapacity: '/api/admin/inspections/weekday-capacity',
  dayCapacity: '/api/admin/inspections/day-capacity',
  feed: '/api/admin/inspections/calendar-feed',
  feedRevoke: '/api/admin/inspections/calendar-feed/revoke',
  block: '/api/admin/inspections/block',
  unblock: '/api/admin/inspections/unblock',
} as const;

export interface CalendarWindowView {
  id: string;
  label: string;
  hours: string;
  capacity: number;
  booked: number;
  remaining: number;
  bookings: { reference: string; href: string; name: string; bookingLabel: string }[];
}

export interface CalendarDayView {
  date: string;
  label: string;
  blocked: { reason: string | null; by: string | null } | null;
  /** No window takes a booking (its weekday is closed, or each window set to 0). */
  closed: boolean;
  windows: CalendarWindowView[];
}

export interface InspectionsPageView {
  defaultCapacity: number;
  /** Each weekday's usual number per window; null: the default above. */
  weekdayCapacity: WeekdayCapacity;
  /** The bookable days of the week shown (Sundays and today never are). */
  days: CalendarDayView[];
  /** The day opened below the week, with its bookings and its forms. */
  day: CalendarDayView | null;
  /** "Dec 3 to Dec 9", and the ways to the weeks around it. */
  weekLabel: string;
  prevWeekHref: string | null;
  nextWeekHref: string | null;
  /** A day's address in this week (it opens that day). */
  dayHrefs: Record<string, string>;
  firstDate: string;
  lastDate: string;
  form?: FormState;
  saved?: string;
  /** The office's clock when a plain post's save is shown. */
  savedAt?: string;
  /** This admin's calendar subscription: when it was made, and its address right after (shown once). */
  feed?: { since: string | null; address: string | null };
}

/** What each part of the calendar page is given: the page's view, and the words of what a form just saved. */
export interface InspectionsPartProps {
  view: InspectionsPageView;
  saved: (name: string) => string | null;
}

/** A part of the day opened below the week. */
export interface DayPartProps extends InspectionsPartProps {
  day: CalendarDayView;
}
