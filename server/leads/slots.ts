import { bookableDates, WINDOW_IDS, type WindowId } from '../../lib/lead-schema.ts';
import { isoWeekday, WEEKDAYS, windowCapacity, type Slot, type WeekdayCapacity } from '../../lib/slot-offers.ts';
import type { Db, Queryable } from '../db/index.ts';

/**
 * Active bookings hold a place; spam, leads the office marked lost or spam, and cancelled bookings do not.
 * Spam is read from the status alone: a booking caught as spam by mistake keeps its spam_reason
 * once the office restores it, and must hold its place like any other.
 */
export const HOLDS_A_PLACE = `kind = 'inspection' AND status NOT IN ('lost', 'spam') AND booking_status <> 'cancelled'`;

export type { Slot } from '../../lib/slot-offers.ts';
export { nextFreeSlots } from '../../lib/slot-offers.ts';

export interface SlotAvailability {
  /** Places the window takes today: 0 on a blocked date. */
  capacity: number;
  /** The window's own capacity (the date's number, else its weekday's, else the default), blocked or not. */
  configured: number;
  booked: number;
  remaining: number;
}

export interface DayAvailability {
  date: string;
  /** The office takes no inspections that day (blocked_dates). */
  blocked: boolean;
  /** No window takes a booking that day (its weekday is closed, or every window set to 0). */
  closed: boolean;
  windows: Record<WindowId, SlotAvailability>;
}

export async function availabilityIn(q: Queryable, now: Date, timeZone: string): Promise<DayAvailability[]> {
  return availabilityOf(q, bookableDates(now, timeZone));
}

/** Capacity, bookings and places left of each of `dates` (in order), blocked dates as full. */
export async function availabilityOf(q: Queryable, dates: readonly string[]): Promise<DayAvailability[]> {
  const first = dates[0]!;
  const last = dates.at(-1)!;
  const [{ default_capacity: defaultCapacity }] = await q.query<{ default_capacity: number }>(
    'SELECT default_capacity FROM booking_settings',
  );
  const weekdays = await weekdayCapacity(q);
  const overrides = await q.query<{ slot_date: string; slot_window: WindowId; capacity: number }>(
    `SELECT slot_date::text AS slot_date, slot_window, capacity FROM booking_slots
     WHERE capacity IS NOT NULL AND slot_date BETWEEN $1 AND $2`,
    [first, last],
  );
  const blocked = await q.query<{ blocked_date: string }>(
    'SELECT blocked_date::text AS blocked_date FROM blocked_dates WHERE blocked_date BETWEEN $1 AND $2',
    [first, last],
  );
  const counts = await q.query<{ preferred_date: string; preferred_window: WindowId; booked: number }>(
    `SELECT preferred_date::text AS preferred_date, preferred_window, count(*) AS booked FROM leads
     WHERE ${HOLDS_A_PLACE} AND preferred_date BETWEEN $1 AND $2
     GROUP BY preferred_date, preferred_window`,
    [first, last],
  );
  const capacityOf = new Map(overrides.map((o) => [`${o.slot_date}|${o.slot_window}`, o.capacity]));
  const bookedOf = new Map(counts.map((c) => [`${c.preferred_date}|${c.preferred_window}`, c.booked]));
  const closed = new Set(blocked.map((b) => b.blocked_date));
  return dates.map((date) => {
    const windows = {} as Record<WindowId, SlotAvailability>;
    for (const window of WINDOW_IDS) {
      const key = `${date}|${window}`;
      // A blocked date is full: the form and POST /api/leads offer the next free windows, as for any full one.
      const configured = windowCapacity(capacityOf.get(key), weekdays[isoWeekday(date)]![window], defaultCapacity);
      const capacity = closed.has(date) ? 0 : configured;
      const booked = bookedOf.get(key) ?? 0;
      windows[window] = { capacity, configured, booked, remaining: Math.max(0, capacity - booked) };
    }
    const shut = WINDOW_IDS.every((window) => windows[window].configured === 0);
    return { date, blocked: closed.has(date), closed: shut, windows };
  });
}

/** Places left per bookable date and window (tomorrow to +60 days, no Sundays). */
export function availability(db: Queryable, now: Date, timeZone: string): Promise<DayAvailability[]> {
  return availabilityIn(db, now, timeZone);
}

/** The capacity every window has unless the admin set one for it. */
export async function defaultCapacity(db: Queryable): Promise<number> {
  return (await db.one<{ default_capacity: number }>('SELECT default_capacity FROM booking_settings')).default_capacity;
}

/** For the admin: change the default capacity of every window. */
export async function setDefaultCapacity(db: Queryable, capacity: number): Promise<void> {
  await db.query('UPDATE booking_settings SET default_capacity = $1, updated_at = now()', [capacity]);
}

/** For the admin: the capacity of one date and window; null goes back to the default. */
export async function setSlotCapacity(db: Queryable, slot: Slot, capacity: number | null): Promise<void> {
  await db.query(
    `INSERT INTO booking_slots (slot_date, slot_window, capacity) VALUES ($1, $2, $3)
     ON CONFLICT (slot_date, slot_window) DO UPDATE SET capacity = EXCLUDED.capacity`,
    [slot.date, slot.window, capacity],
  );
}

export interface BlockedDate {
  date: string;
  reason: string | null;
  by: string | null;
  at: Date;
}

/** Dates the office takes no inspections on, from `first` to `last`. */
export async function blockedDatesBetween(db: Queryable, first: string, last: string): Promise<BlockedDate[]> {
  const rows = await db.query<{ blocked_date: string; reason: string | null; created_by_login: string | null; created_at: Date }>(
    `SELECT blocked_date::text AS blocked_date, reason, created_by_login, created_at FROM blocked_dates
     WHERE blocked_date BETWEEN $1 AND $2 ORDER BY blocked_date`,
    [first, last],
  );
  return rows.map((r) => ({ date: r.blocked_date, reason: r.reason, by: r.created_by_login, at: r.created_at }));
}

/** For the admin: no inspections on `date` (a holiday, a storm day). Blocking it again updates the reason. */
export async function blockDate(db: Queryable, date: string, reason: string | null, by: string): Promise<void> {
  await db.query(
    `INSERT INTO blocked_dates (blocked_date, reason, created_by_login) VALUES ($1, $2, $3)
     ON CONFLICT (blocked_date) DO UPDATE SET reason = EXCLUDED.reason, created_by_login = EXCLUDED.created_by_login, created_at = now()`,
    [date, reason, by],
  );
}

/** For the admin: takes bookings on `date` again. True when it was blocked. */
export async function unblockDate(db: Queryable, date: string): Promise<boolean> {
  return (await db.query('DELETE FROM blocked_dates WHERE blocked_date = $1 RETURNING blocked_date', [date])).length > 0;
}

/** The usual number of each weekday and window; null where the owner left it to the default. */
export async function weekdayCapacity(q: Queryable): Promise<WeekdayCapacity> {
  const rows = await q.query<{ weekday: number; slot_window: WindowId; capacity: number }>(
    'SELECT weekday, slot_window, capacity FROM weekday_capacity',
  );
  const table: WeekdayCapacity = {};
  for (const { iso } of WEEKDAYS) table[iso] = { morning: null, afternoon: null };
  for (const row of rows) table[row.weekday]![row.slot_window] = row.capacity;
  return table;
}

/** For the admin: every weekday's usual numbers at once; null hands that window back to the default. */
export async function setWeekdayCapacity(db: Db, table: WeekdayCapacity): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM weekday_capacity');
    for (const { iso } of WEEKDAYS) {
      for (const window of WINDOW_IDS) {
        const capacity = table[iso]?.[window];
        if (capacity === null || capacity === undefined) continue;
        await tx.query('INSERT INTO weekday_capacity (weekday, slot_window, capacity) VALUES ($1, $2, $3)', [
          iso,
          window,
          capacity,
        ]);
      }
    }
  });
}
