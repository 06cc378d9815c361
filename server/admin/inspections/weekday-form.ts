/** The owner's usual number of bookings per weekday and arrival window, as the form posts it. */
import { z } from 'zod';
import { WINDOW_IDS, type WindowId } from '../../../lib/lead-schema.ts';
import { WEEKDAYS, type WeekdayCapacity } from '../../../lib/slot-offers.ts';

/** Sundays stay closed whatever the table says: the booking form never offers them. */
export const OPEN_WEEKDAYS = WEEKDAYS.filter((d) => d.iso !== 7);

/** A cell's field name: `1-morning` is Monday morning. */
export function weekdayField(iso: number, window: WindowId): string {
  return `${iso}-${window}`;
}

const CELL_PROBLEM = 'Give a whole number from 0 to 100, or leave it empty for the usual number.';

/** Empty: the window takes the usual number; else a whole number from 0 (closed) to 100. */
const cell = z
  .string({ message: CELL_PROBLEM })
  .trim()
  .default('')
  .refine((v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) <= 100), CELL_PROBLEM)
  .transform((v) => (v === '' ? null : Number(v)));

const shape = Object.fromEntries(OPEN_WEEKDAYS.flatMap((d) => WINDOW_IDS.map((w) => [weekdayField(d.iso, w), cell] as const)));

/** The posted table, each weekday's windows a number or null (the usual number applies). */
export const weekdaySchema = z.object(shape).transform((body): WeekdayCapacity => {
  const table: WeekdayCapacity = {};
  for (const d of OPEN_WEEKDAYS) {
    table[d.iso] = { morning: null, afternoon: null };
    for (const w of WINDOW_IDS) table[d.iso]![w] = body[weekdayField(d.iso, w)] as number | null;
  }
  return table;
});
