/**
 * The next free arrival windows offered when the chosen one is full or the day is blocked:
 * the server's answer to a refused booking and the booking popup compute them alike.
 */
import type { SlotOffer } from './form-props.ts';
import { ARRIVAL_WINDOWS, formatDateLong, WINDOW_IDS, type WindowId } from './lead-schema.ts';

export interface Slot {
  date: string;
  window: WindowId;
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
