import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_CAPACITY } from './lead-schema.ts';
import { isoWeekday, nextFreeSlots, offersForFullDay, slotOffer, windowCapacity, type DayPlaces } from './slot-offers.ts';

describe('the capacity of a window', () => {
  it('takes the day’s own number, else the weekday’s, else the default, else the built-in one', () => {
    expect(windowCapacity(2, 5, 3)).toBe(2);
    expect(windowCapacity(0, 5, 3)).toBe(0);
    expect(windowCapacity(null, 5, 3)).toBe(5);
    expect(windowCapacity(undefined, 0, 3)).toBe(0);
    expect(windowCapacity(null, null, 4)).toBe(4);
    expect(windowCapacity(undefined, undefined, undefined)).toBe(DEFAULT_WINDOW_CAPACITY);
  });

  it('reads the weekday of a date, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-12')).toBe(6);
    expect(isoWeekday('2026-12-13')).toBe(7);
    expect(() => isoWeekday('2026-02-30')).toThrow();
  });
});

describe('the next free windows', () => {
  const day = (date: string, morning: number, afternoon: number): DayPlaces => ({
    date,
    windows: { morning: { remaining: morning }, afternoon: { remaining: afternoon } },
  });
  const days = [day('2026-12-01', 1, 0), day('2026-12-02', 0, 0), day('2026-12-03', 2, 1), day('2026-12-04', 0, 3)];

  it('lists the free windows after the full one, in order', () => {
    expect(nextFreeSlots(days, { date: '2026-12-02', window: 'morning' })).toEqual([
      { date: '2026-12-03', window: 'morning' },
      { date: '2026-12-03', window: 'afternoon' },
      { date: '2026-12-04', window: 'afternoon' },
    ]);
  });

  it('fills up with the nearest earlier windows near the end of the range', () => {
    expect(nextFreeSlots(days, { date: '2026-12-04', window: 'morning' })).toEqual([
      { date: '2026-12-04', window: 'afternoon' },
      { date: '2026-12-03', window: 'afternoon' },
      { date: '2026-12-03', window: 'morning' },
    ]);
  });

  it('words an offer as its button reads, without the year', () => {
    expect(slotOffer({ date: '2026-12-03', window: 'morning' })).toEqual({
      date: '2026-12-03',
      window: 'morning',
      label: 'Thursday, December 3, morning',
    });
  });

  it('offers a full day the free windows after it, labelled', () => {
    expect(offersForFullDay(days, '2026-12-02').map((offer) => offer.label)).toEqual([
      'Thursday, December 3, morning',
      'Thursday, December 3, afternoon',
      'Friday, December 4, afternoon',
    ]);
  });
});
