/**
 * The next free arrival windows offered when the chosen one is full or the day is blocked:
 * the server's answer to a refused booking and the booking popup compute them alike.
 */
import type { SlotOffer } from './form-props.ts';
import {
  ARRIVAL_WINDOWS,
  DEFAULT_WINDOW_CAPACITY,
  formatDateLong,
  isCalendarDate,
  WINDOW_IDS,
  type WindowId,
} from './lead-schema.ts';

export interface Slot {
  date: string;
  window: WindowId;
}

/** The weekdays as the owner's capacity form lists them: ISO numbers, 1 Monday to 7 Sunday. */
export const WEEKDAYS = [
  { iso: 1, label: 'Monday' },
  { iso: 2, label: 'Tuesday' },
  { iso: 3, label: 'Wednesday' },
  { iso: 4, label: 'Thursday' },
  { iso: 5, label: 'Friday' },
  { iso: 6, label: 'Saturday' },
  { iso: 7, label: 'Sunday' },
] as const;

/** The usual number of each weekday's windows; null: the weekday takes the default. */
export type WeekdayCapacity = Record<number, Record<WindowId, number | null>>;

/** The ISO weekday (1 Monday to 7 Sunday) of a `YYYY-MM-DD` date. */
export function isoWeekday(date: string): number {
  if (!isCalendarDate(date)) throw new Error(`Not a date: ${date}`);
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/**
 * How many bookings a window takes: the date's own number when the office set one, else its
 * weekday's usual number, else the default of every window, else the built-in one.
 */
export function windowCapacity(
  own: number | null | undefined,
  weekday: number | null | undefined,
  fallback: number | null | undefined,
): number {
  return own ?? weekday ?? fallback ?? DEFAULT_WINDOW_CAPACITY;
}

/** What the offers read of a day: the places left in each window (0 on a blocked day). */
export interface DayPlaces {
  date: string;
  windows: Record<WindowId, { remaining: number }>;
}

/**
 * Up to `count` free windows after `after` in date order (the other window of the
 * same day first when it is later); when too few remain after it, the nearest
 * earlier ones fill the list.
 */
export function nextFreeSlots(days: readonly DayPlaces[], after: Slot, count = 3): Slot[] {
  const all: Slot[] = days.flatMap((day) =>
    WINDOW_IDS.filter((window) => day.windows[window].remaining > 0).map((window) => ({ date: day.date, window })),
  );
  const position = (slot: Slot) => `${slot.date}|${WINDOW_IDS.indexOf(slot.window)}`;
  const pivot = position(after);
  const later = all.filter((slot) => position(slot) > pivot);
  const earlier = all.filter((slot) => position(slot) < pivot).reverse();
  return [...later, ...earlier].slice(0, count);
}

/** A free window as a button offers it: "Thursday, December 3, morning". */
export function slotOffer(slot: Slot): SlotOffer {
  return {
    ...slot,
    label: `${formatDateLong(slot.date).replace(/, \d{4}$/, '')}, ${ARRIVAL_WINDOWS[slot.window].label.toLowerCase()}`,
  };
}

/** The free windows to offer for a day with no free window left: the next ones from its first window on. */
export function offersForFullDay(days: readonly DayPlaces[], date: string): SlotOffer[] {
  return nextFreeSlots(days, { date, window: WINDOW_IDS[0] }).map(slotOffer);
}
