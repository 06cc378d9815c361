import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sampleLead } from '../../tests/lead-fixtures.ts';
import { csvHeader, csvRows, neutraliseCell } from './csv.ts';
import type { LeadRecord } from './store.ts';

function record(overrides: Partial<LeadRecord>): LeadRecord {
  const lead = sampleLead();
  return {
    id: 1,
    reference: 'K7QM-3XP9',
    accessToken: 'x'.repeat(22),
    kind: 'consultation',
    status: 'new',
    bookingStatus: null,
    spamReason: null,
    name: lead.name,
    phone: '+19125550123',
    email: null,
    zip: '31405',
    streetAddress: null,
    preferredDate: null,
    preferredWindow: null,
    service: null,
    propertyType: null,
    urgency: null,
    insuranceClaim: null,
    message: null,
    preferredContact: null,
    smsConsent: false,
    distanceMiles: 2.5,
    outsideServiceArea: false,
    landingPage: null,
    referrer: null,
    pageUrl: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    gclid: null,
    gbraid: null,
    wbraid: null,
    userAgent: null,
    fillMs: null,
    requestHash: null,
    estimate: null,
    createdAt: new Date('2026-11-20T15:30:00Z'),
    ...overrides,
  };
}

const PAYLOADS = [
  '=HYPERLINK("http://evil.test","Click")',
  '+1+1',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
];

describe('the leads CSV export', () => {
  it('neutralises every cell a spreadsheet would read as a formula, and leaves the rest alone', () => {
    for (const payload of PAYLOADS) expect(neutraliseCell(payload)).toBe(`'${payload}`);
    expect(neutraliseCell('Jane = Doe')).toBe('Jane = Doe');
    expect(neutraliseCell('')).toBe('');
  });

  it('writes RFC 4180 that a CSV parser reads back field for field: formulas neutralised, quotes, commas and newlines kept', () => {
    const tricky = [
      record({ name: PAYLOADS[0]!, message: 'He said "hi", then left.\nSecond line,\r\nthird line', email: '@evil.test' }),
      record({ reference: 'AAAA-BBBB', name: 'O’Brien, "Mac"', utmSource: '-cpc', gclid: '+abc', landingPage: '\t/home' }),
      record({ reference: 'CCCC-DDDD', name: PAYLOADS[5]!, message: PAYLOADS[3]! }),
      record({
        reference: 'EEEE-FFFF',
        estimate: {
          sizeBasis: 'footprint',
          sizeSqFt: 2000,
          pitch: 'walkable',
          stories: 1,
          material: 'metal',
          layers: 1,
          low: null,
          high: null,
          basis: null,
        },
      }),
    ];
    const text = csvHeader() + csvRows(tricky, 'America/New_York');
    expect(text.split('\r\n').at(-1)).toBe('');
    const rows = parse(text, { columns: true, relax_column_count: false }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    expect(rows[0]!['Roof estimate']).toBe('');
    expect(rows[3]!['Roof estimate']).toBe(
      'Ballpark range: Not priced here: a written estimate prices this material; Material: Standing-seam metal; Size: 2,000 sq ft (roof footprint); Pitch: Walkable (4 to 7 in 12); Stories: 1; Old layers to remove: 1',
    );
    expect(rows[0]!.Name).toBe(`'${PAYLOADS[0]}`);
    expect(rows[0]!.Message).toBe('He said "hi", then left.\nSecond line,\r\nthird line');
    expect(rows[0]!.Email).toBe("'@evil.test");
    expect(rows[0]!.Phone).toBe('(912) 555-0123');
    expect(rows[1]!.Name).toBe('O’Brien, "Mac"');
    expect(rows[1]!['UTM source']).toBe("'-cpc");
    expect(rows[1]!.gclid).toBe("'+abc");
    expect(rows[1]!['Landing page']).toBe("'\t/home");
    expect(rows[2]!.Name).toBe(`'${PAYLOADS[5]}`);
    expect(rows[2]!.Message).toBe(`'${PAYLOADS[3]}`);
    // No cell of any row starts a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports the Google Ads click ids for offline conversion import', () => {
    const text = csvHeader() + csvRows([record({ gclid: 'Cj0a', gbraid: '0AAAAb', wbraid: 'CkQc' })], 'America/New_York');
    const [row] = parse(text, { columns: true }) as Record<string, string>[];
    expect([row!.gclid, row!.gbraid, row!.wbraid]).toEqual(['Cj0a', '0AAAAb', 'CkQc']);
  });

  it("carries the office's notes and writes coded answers as words, with the code beside them", () => {
    const lead = {
      ...record({ preferredWindow: 'morning', preferredContact: 'text', propertyType: null }),
      notes: [
        { body: 'Called, no answer.', by: 'owner', at: new Date('2026-11-20T16:00:00Z') },
        { body: '=cmd', by: null, at: new Date('2026-11-21T14:05:00Z') },
      ],
    };
    const [row] = parse(csvHeader() + csvRows([lead], 'America/New_York'), { columns: true }) as Record<string, string>[];
    expect(row!.Notes).toBe('11/20/26, 11:00 AM, @owner: Called, no answer.\n11/21/26, 9:05 AM, the system: =cmd');
    expect(row!['Arrival window']).toMatch(/^Morning \(/);
    expect(row!['Arrival window (code)']).toBe('morning');
    expect(row!['Preferred contact']).not.toBe('text');
    expect(row!['Preferred contact (code)']).toBe('text');
    expect(row!['Property type']).toBe('');
  });
});
