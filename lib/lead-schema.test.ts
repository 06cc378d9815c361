import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookableDates,
  bookingDateProblem,
  bookingRange,
  formatUsPhone,
  MESSAGE_MAX,
  normalizeLeadInput,
  normalizeUsPhone,
  normalizeZip,
  NOT_SURE,
  officeToday,
  orderedErrorFields,
  parseIssueReport,
  parseLead,
  type LeadSchemaOptions,
} from './lead-schema.ts';

// Saturday 21 November 2026, 3 pm in Savannah.
const NOW = new Date('2026-11-21T20:00:00Z');
const TZ = 'America/New_York';
const options: LeadSchemaOptions = { now: () => NOW, services: ['Roof Repair', 'Roof Inspection'], timeZone: TZ };

const consultation = { kind: 'consultation', name: 'Jane Doe', phone: '(912) 555-0142', zip: '31405' };
const inspection = {
  ...consultation,
  kind: 'inspection',
  streetAddress: '12 Oak St',
  preferredDate: '2026-11-24',
  preferredWindow: 'morning',
};

function errorsOf(raw: Record<string, unknown>): Record<string, string> {
  const result = parseLead(raw, options);
  return result.ok ? {} : result.fields;
}

function leadOf(raw: Record<string, unknown>) {
  const result = parseLead(raw, options);
  if (!result.ok) throw new Error(`expected a valid lead, got ${JSON.stringify(result.fields)}`);
  return result.lead;
}

describe('the lead schema: required fields', () => {
  it('accepts a minimal consultation: name, phone and ZIP', () => {
    expect(leadOf(consultation)).toMatchObject({ kind: 'consultation', name: 'Jane Doe', phone: '+19125550142', zip: '31405' });
  });

  it('accepts a minimal inspection booking', () => {
    expect(leadOf(inspection)).toMatchObject({
      streetAddress: '12 Oak St',
      preferredDate: '2026-11-24',
      preferredWindow: 'morning',
    });
  });

  it('rejects a lead without a name, phone or ZIP, naming each field', () => {
    expect(Object.keys(errorsOf({ kind: 'consultation' })).sort()).toEqual(['name', 'phone', 'zip']);
  });

  it('treats a blank or whitespace-only name as missing', () => {
    expect(errorsOf({ ...consultation, name: '   ' }).name).toBe('Enter your name.');
  });

  it('rejects a name over 100 characters', () => {
    expect(errorsOf({ ...consultation, name: 'x'.repeat(101) }).name).toMatch(/100/);
    expect(errorsOf({ ...consultation, name: 'x'.repeat(100) }).name).toBeUndefined();
  });

  it('requires street address, date and window only for inspections', () => {
    expect(Object.keys(errorsOf({ ...consultation, kind: 'inspection' })).sort()).toEqual([
      'preferredDate',
      'preferredWindow',
      'streetAddress',
    ]);
    expect(errorsOf({ ...inspection, streetAddress: '12' }).streetAddress).toMatch(/house number/);
  });

  it('refuses an unknown or missing kind', () => {
    expect(errorsOf({ ...consultation, kind: 'quote' })).toHaveProperty('kind');
    expect(errorsOf({ name: 'x' })).toHaveProperty('kind');
  });
});

describe('the lead schema: phone', () => {
  it.each([
    ['(912) 555-0142', '+19125550142'],
    ['912.555.0142', '+19125550142'],
    ['912 555 0142', '+19125550142'],
    ['+1 912-555-0142', '+19125550142'],
    ['1 (912) 555 0142', '+19125550142'],
    ['9125550142 ext 12', '+19125550142'],
  ])('stores %s as %s (E.164)', (typed, stored) => {
    expect(leadOf({ ...consultation, phone: typed }).phone).toBe(stored);
  });

  it.each(['555-0142', '912555014', '91255501423', '(112) 555-0142', '(912) 155-0142', '912-555-ROOF', '+44 20 7946 0958'])(
    'rejects %s',
    (typed) => {
      expect(errorsOf({ ...consultation, phone: typed }).phone).toMatch(/10-digit US phone number/);
    },
  );

  it('formats E.164 for reading', () => {
    expect(formatUsPhone('+19125550142')).toBe('(912) 555-0142');
    expect(normalizeUsPhone('912-555-0142')).toBe('+19125550142');
  });
});

describe('the lead schema: ZIP, email and choices', () => {
  it('accepts 5-digit ZIPs and ZIP+4, storing 5 digits', () => {
    expect(leadOf({ ...consultation, zip: '31405-1234' }).zip).toBe('31405');
    expect(normalizeZip('31405 1234')).toBe('31405');
  });

  it.each(['3140', '314051', 'ABCDE', '31405-12'])('rejects the ZIP %s', (zip) => {
    expect(errorsOf({ ...consultation, zip }).zip).toBe('Enter a 5-digit ZIP code.');
  });

  it('takes an optional email and rejects a malformed or overlong one', () => {
    expect(leadOf({ ...consultation, email: 'jane@example.com' }).email).toBe('jane@example.com');
    expect(leadOf({ ...consultation, email: '' }).email).toBeUndefined();
    expect(errorsOf({ ...consultation, email: 'jane@' }).email).toMatch(/email address/);
    expect(errorsOf({ ...consultation, email: `${'a'.repeat(250)}@example.com` }).email).toMatch(/too long/);
  });

  it('takes a service from the list or "Not sure", nothing else', () => {
    expect(leadOf({ ...consultation, service: 'Roof Repair' }).service).toBe('Roof Repair');
    expect(leadOf({ ...consultation, service: NOT_SURE }).service).toBe(NOT_SURE);
    expect(errorsOf({ ...consultation, service: 'Pool cleaning' }).service).toMatch(/from the list/);
  });

  it('takes only known property types, urgencies, insurance answers and contact methods', () => {
    const lead = leadOf({
      ...consultation,
      propertyType: 'church',
      urgency: 'emergency',
      insuranceClaim: 'not_sure',
      preferredContact: 'phone',
    });
    expect(lead).toMatchObject({
      propertyType: 'church',
      urgency: 'emergency',
      insuranceClaim: 'not_sure',
      preferredContact: 'phone',
    });
    const errors = errorsOf({
      ...consultation,
      propertyType: 'castle',
      urgency: 'yesterday',
      insuranceClaim: 'maybe',
      preferredContact: 'fax',
    });
    expect(Object.keys(errors).sort()).toEqual(['insuranceClaim', 'preferredContact', 'propertyType', 'urgency']);
  });

  it(`allows a message of ${MESSAGE_MAX} characters and refuses one more`, () => {
    expect(leadOf({ ...consultation, message: 'm'.repeat(MESSAGE_MAX) }).message).toHaveLength(MESSAGE_MAX);
    expect(errorsOf({ ...consultation, message: 'm'.repeat(MESSAGE_MAX + 1) }).message).toMatch(/2000/);
  });

  it('counts a form post line break (CRLF) as one character', () => {
    const message = `${'m'.repeat(1000)}\r\n${'m'.repeat(MESSAGE_MAX - 1001)}`;
    expect(message).toHaveLength(MESSAGE_MAX + 1);
    expect(leadOf({ ...consultation, message }).message).toHaveLength(MESSAGE_MAX);
  });

  it('needs an email when email is the preferred contact', () => {
    expect(errorsOf({ ...consultation, preferredContact: 'email' }).email).toMatch(/Enter your email address/);
    expect(errorsOf({ ...consultation, preferredContact: 'email', email: 'j@example.com' })).toEqual({});
  });

  it('needs the SMS box ticked when text is the preferred contact', () => {
    expect(errorsOf({ ...consultation, preferredContact: 'text' }).smsConsent).toMatch(/Tick this box/);
    expect(errorsOf({ ...consultation, preferredContact: 'text', smsConsent: 'on' })).toEqual({});
  });

  it('reports cross-field problems together with the others', () => {
    expect(Object.keys(errorsOf({ kind: 'consultation', preferredContact: 'email' })).sort()).toEqual([
      'email',
      'name',
      'phone',
      'zip',
    ]);
  });

  it('keeps SMS consent off unless the box was ticked', () => {
    expect(leadOf(consultation).smsConsent).toBe(false);
    expect(leadOf({ ...consultation, smsConsent: 'on' }).smsConsent).toBe(true);
    expect(leadOf({ ...consultation, smsConsent: true }).smsConsent).toBe(true);
    expect(leadOf({ ...consultation, smsConsent: 'nope' }).smsConsent).toBe(false);
  });
});

describe('the lead schema: booking dates in the office time zone', () => {
  it('offers tomorrow to +60 days as seen in Savannah', () => {
    expect(bookingRange(NOW, TZ)).toEqual({ first: '2026-11-22', last: '2027-01-20' });
    // 02:30 UTC on the 22nd is still the evening of the 21st in Savannah.
    expect(officeToday(new Date('2026-11-22T02:30:00Z'), TZ)).toBe('2026-11-21');
    expect(officeToday(new Date('2026-11-22T05:30:00Z'), TZ)).toBe('2026-11-22');
  });

  it('follows daylight saving: the office day turns at 04:00 UTC in summer, 05:00 in winter', () => {
    expect(officeToday(new Date('2026-07-04T03:59:00Z'), TZ)).toBe('2026-07-03');
    expect(officeToday(new Date('2026-07-04T04:00:00Z'), TZ)).toBe('2026-07-04');
    expect(officeToday(new Date('2026-01-10T04:59:00Z'), TZ)).toBe('2026-01-09');
    expect(officeToday(new Date('2026-01-10T05:00:00Z'), TZ)).toBe('2026-01-10');
  });

  it('refuses today, Sundays, dates past the horizon and impossible dates', () => {
    expect(errorsOf({ ...inspection, preferredDate: '2026-11-21' }).preferredDate).toMatch(/from tomorrow/);
    expect(errorsOf({ ...inspection, preferredDate: '2026-11-22' }).preferredDate).toMatch(/Sundays/);
    expect(errorsOf({ ...inspection, preferredDate: '2027-01-21' }).preferredDate).toMatch(/60 days/);
    expect(errorsOf({ ...inspection, preferredDate: '2027-01-20' })).toEqual({});
    expect(errorsOf({ ...inspection, preferredDate: '2026-11-23' })).toEqual({});
    expect(errorsOf({ ...inspection, preferredDate: '2026-02-30' }).preferredDate).toMatch(/calendar/);
    expect(errorsOf({ ...inspection, preferredDate: '11/24/2026' }).preferredDate).toMatch(/calendar/);
  });

  it('takes only the morning and afternoon windows', () => {
    expect(leadOf({ ...inspection, preferredWindow: 'afternoon' })).toMatchObject({ preferredWindow: 'afternoon' });
    expect(errorsOf({ ...inspection, preferredWindow: 'evening' }).preferredWindow).toMatch(/morning or an afternoon/);
  });

  it('lists every bookable date without Sundays', () => {
    const dates = bookableDates(NOW, TZ);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates.at(-1)).toBe('2027-01-20');
    expect(dates.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)).toBe(true);
    // 60 days from 22 November, 9 of them Sundays.
    expect(dates).toHaveLength(51);
    expect(bookingDateProblem(addDays('2026-11-21', 3), NOW, TZ)).toBeNull();
  });
});

describe('the lead schema: silent fields and normalisation', () => {
  it('keeps attribution, cut to size rather than refused', () => {
    const lead = leadOf({
      ...consultation,
      landingPage: `https://x.example/?q=${'a'.repeat(3000)}`,
      utmSource: 'g'.repeat(500),
      gclid: 'abc',
    });
    expect(lead.landingPage).toHaveLength(2048);
    expect(lead.utmSource).toHaveLength(200);
    expect(lead.gclid).toBe('abc');
  });

  it('carries the honeypot, the timing and a well-formed idempotency key', () => {
    const lead = leadOf({
      ...consultation,
      website: 'http://spam',
      startedAt: '1700000000000',
      sentAt: 1700000005000,
      idempotencyKey: 'k-123456789',
    });
    expect(lead).toMatchObject({
      website: 'http://spam',
      startedAt: 1_700_000_000_000,
      sentAt: 1_700_000_005_000,
      idempotencyKey: 'k-123456789',
    });
  });

  it('drops a malformed idempotency key instead of refusing the lead', () => {
    expect(leadOf({ ...consultation, idempotencyKey: 'short' }).idempotencyKey).toBeUndefined();
    expect(leadOf({ ...consultation, idempotencyKey: 'has spaces in it' }).idempotencyKey).toBeUndefined();
  });

  it('lets a "book this one instead" slot choose date and window', () => {
    expect(normalizeLeadInput({ ...inspection, slot: '2026-11-25|afternoon' })).toMatchObject({
      preferredDate: '2026-11-25',
      preferredWindow: 'afternoon',
    });
  });

  it('orders error fields as the form shows them', () => {
    expect(orderedErrorFields({ zip: 'x', name: 'y', smsConsent: 'z', phone: 'w' })).toEqual([
      'name',
      'phone',
      'zip',
      'smsConsent',
    ]);
  });
});

describe('the issue report schema', () => {
  it('needs what happened; page and email are optional', () => {
    expect(parseIssueReport({ message: 'The map is blank' })).toEqual({ ok: true, report: { message: 'The map is blank' } });
    expect(parseIssueReport({ message: ' ' })).toEqual({ ok: false, fields: { message: 'Tell us what happened.' } });
    expect(parseIssueReport({ message: 'x', email: 'nope' })).toMatchObject({ ok: false, fields: { email: expect.any(String) } });
  });
});

describe('the lead schema: the roof estimate', () => {
  const estimate = {
    sizeBasis: 'footprint',
    sizeSqFt: 2000,
    pitch: 'walkable',
    stories: 2,
    material: 'architectural',
    layers: 1,
    low: 5200,
    high: 23200,
    basis: "Angi's 2024 cost guide",
  };

  it('takes an estimate as JSON text (a form field) or as an object (a JSON body), and stores the same object', () => {
    expect(leadOf({ ...consultation, estimate: JSON.stringify(estimate) }).estimate).toEqual(estimate);
    expect(leadOf({ ...consultation, estimate }).estimate).toEqual(estimate);
    expect(leadOf({ ...consultation, estimate: '  ' }).estimate).toBeUndefined();
    expect(leadOf(consultation).estimate).toBeUndefined();
  });

  it('refuses an oversized or malformed estimate at its own field with a clear message', () => {
    expect(errorsOf({ ...consultation, estimate: JSON.stringify({ ...estimate, basis: 'x'.repeat(2000) }) })).toEqual({
      estimate: expect.stringMatching(/^The roof estimate sent with this request is larger than the estimator makes/),
    });
    expect(errorsOf({ ...consultation, estimate: '{"material":"gold"}' })).toEqual({
      estimate: expect.stringMatching(/^The roof estimate sent with this request could not be read/),
    });
    expect(orderedErrorFields({ page: 'x', estimate: 'y', name: 'z' })).toEqual(['name', 'estimate', 'page']);
  });
});
