import { describe, expect, it } from 'vitest';
import { formatOfficeTime, instantToOfficeLocal, officeLocalToInstant } from './office-time.ts';

const TZ = 'America/New_York';

describe('office time', () => {
  it('reads a datetime-local value in the office zone, summer and winter', () => {
    expect(officeLocalToInstant('2026-08-12T18:00', TZ)?.toISOString()).toBe('2026-08-12T22:00:00.000Z');
    expect(officeLocalToInstant('2026-01-05T09:30', TZ)?.toISOString()).toBe('2026-01-05T14:30:00.000Z');
    // The repeated hour of the autumn change, and the night before and after it.
    expect(officeLocalToInstant('2026-10-31T23:00', TZ)?.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(officeLocalToInstant('2026-11-01T12:00', TZ)?.toISOString()).toBe('2026-11-01T17:00:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-13-01T10:00', '2026-01-01 10:00', '2026-01-01T24:00', 'tomorrow']) {
      expect(officeLocalToInstant(bad, TZ), bad).toBeNull();
    }
  });

  it('writes an instant back as the office reads it', () => {
    const at = new Date('2026-08-12T22:00:00Z');
    expect(instantToOfficeLocal(at, TZ)).toBe('2026-08-12T18:00');
    expect(formatOfficeTime(at, TZ)).toBe('Wed, Aug 12, 2026, 6:00 PM EDT');
  });
});
