import { describe, expect, it } from 'vitest';
import { icsText, inspectionCalendar, officeTimeToUtc } from './ics.ts';

const TZ = 'America/New_York';
const FACTS = { name: 'Savannah Family Roofing', phone: '(912) 555-0142', timeZone: TZ };

describe('office time to UTC', () => {
  it('puts 8 am in Savannah at 13:00Z in winter and 12:00Z in summer', () => {
    expect(officeTimeToUtc('2027-01-15', 8, TZ).toISOString()).toBe('2027-01-15T13:00:00.000Z');
    expect(officeTimeToUtc('2026-07-15', 8, TZ).toISOString()).toBe('2026-07-15T12:00:00.000Z');
  });

  it('uses the right offset on the days the clocks change', () => {
    // 8 March 2026: clocks go forward at 2 am; 1 November 2026: back at 2 am.
    expect(officeTimeToUtc('2026-03-08', 8, TZ).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(officeTimeToUtc('2026-03-07', 8, TZ).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(officeTimeToUtc('2026-11-01', 8, TZ).toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(officeTimeToUtc('2026-10-31', 16, TZ).toISOString()).toBe('2026-10-31T20:00:00.000Z');
  });
});

describe('the booking calendar file', () => {
  const ics = inspectionCalendar(
    {
      reference: 'K7QM-3XP9',
      date: '2026-12-01',
      window: 'afternoon',
      streetAddress: '12 Oak St; Unit 4, Rear',
      zip: '31405',
      createdAt: new Date('2026-11-21T20:00:00Z'),
    },
    'www.example.com',
    FACTS,
  );
  const lines = ics.split('\r\n');

  it('is one tentative event over the arrival window, in UTC', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20261201T170000Z');
    expect(lines).toContain('DTEND:20261201T210000Z');
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines).toContain('UID:inspection-K7QM-3XP9@www.example.com');
    expect(lines).toContain('DTSTAMP:20261121T200000Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text and folds lines at 75 octets with CRLF', () => {
    expect(lines).toContain('LOCATION:12 Oak St\\; Unit 4\\, Rear\\, 31405');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toMatch(
      /DESCRIPTION:Free roof inspection requested for Tuesday\\, December 1\\, 2026\\, afternoon \(12 pm to 4 pm\)\. Reference K7QM-3XP9\./,
    );
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it('escapes a lone carriage return, which would otherwise end the content line', () => {
    expect(icsText('Gate code 1234\rthen left')).toBe('Gate code 1234\\nthen left');
    expect(icsText('a\r\nb\nc\rd')).toBe('a\\nb\\nc\\nd');
    const withCr = inspectionCalendar(
      {
        reference: 'K7QM-3XP9',
        date: '2026-12-01',
        window: 'morning',
        streetAddress: '12 Oak St\rX-INJECTED:1',
        zip: '31405',
        createdAt: new Date('2026-11-21T20:00:00Z'),
      },
      'www.example.com',
      FACTS,
    );
    expect(withCr).not.toMatch(/\r(?!\n)/);
    expect(withCr.split('\r\n').some((line) => line.startsWith('X-INJECTED'))).toBe(false);
  });
});
