import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookableDates } from '../../lib/lead-schema.ts';
import { isoWeekday } from '../../lib/slot-offers.ts';
import { requestFingerprint } from '../api/leads.ts';
import type { Db } from '../db/index.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import {
  availability,
  createLead,
  findLeadByToken,
  setDefaultCapacity,
  setSlotCapacity,
  setWeekdayCapacity,
  type CreateLeadResult,
} from './store.ts';
import { openParallelTestDb, sampleLead, sampleNewLead } from '../../tests/lead-fixtures.ts';
import { notificationText, webhookPayload } from './notification-content.ts';
import { fixtureServerData } from '../../tests/dist-fixture.ts';

const postgresUrl = await reachableTestPostgres();
const backends = [
  { name: 'PGlite', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

const NOW = new Date();
const TZ = 'America/New_York';
const DATES = bookableDates(NOW, TZ);
const options = { channels: ['email', 'webhook'] as const, messageIdDomain: 'test.example', now: NOW, timeZone: TZ };

const booking = (date: string, window: 'morning' | 'afternoon' = 'morning') =>
  sampleLead({ kind: 'inspection', streetAddress: '12 Oak St', preferredDate: date, preferredWindow: window });

for (const backend of backends) {
  describe.skipIf(backend.skip)(`lead storage on ${backend.name}`, () => {
    let db: Db;

    beforeAll(async () => {
      db = await openParallelTestDb(backend.url);
    });

    afterAll(async () => {
      await db?.close();
    });

    beforeEach(async () => {
      await db.exec('TRUNCATE leads, lead_notifications, booking_slots, weekday_capacity RESTART IDENTITY CASCADE');
      await setDefaultCapacity(db, 3);
    });

    it('stores a lead with a random reference and token, and one notification row per channel', async () => {
      const result = await createLead(db, sampleNewLead(sampleLead()), options);
      expect(result.status).toBe('created');
      const lead = (result as Extract<CreateLeadResult, { status: 'created' }>).lead;
      expect(lead.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(lead.accessToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const rows = await db.query<{ channel: string; state: string; message_id: string }>(
        'SELECT channel, state, message_id FROM lead_notifications WHERE lead_id = $1 ORDER BY channel',
        [lead.id],
      );
      expect(rows.map((r) => [r.channel, r.state])).toEqual([
        ['email', 'pending'],
        ['webhook', 'pending'],
      ]);
      expect(rows[0]!.message_id).toMatch(/^<[0-9a-f-]{36}@test\.example>$/);
      expect(await findLeadByToken(db, lead.accessToken)).toMatchObject({ id: lead.id, name: lead.name });
    });

    it('keeps the Google Ads click ids with the lead, for offline conversion import', async () => {
      const lead = sampleLead({ gclid: 'Cj0a', gbraid: '0AAAAb', wbraid: 'CkQc' });
      const result = await createLead(db, sampleNewLead(lead), options);
      const stored = (result as Extract<CreateLeadResult, { status: 'created' }>).lead;
      expect(await findLeadByToken(db, stored.accessToken)).toMatchObject({ gclid: 'Cj0a', gbraid: '0AAAAb', wbraid: 'CkQc' });
    });

    it('stores the roof estimate a visitor brought with the lead, reads it back, and tells the office', async () => {
      const estimate = {
        sizeBasis: 'living',
        sizeSqFt: 2400,
        pitch: 'steep',
        stories: 2,
        material: 'concrete-tile',
        layers: 2,
        low: 6800,
        high: 20400,
        basis: "CostOwl's June 2022 cost guide",
      };
      const result = await createLead(db, sampleNewLead(sampleLead({ estimate })), options);
      const lead = (result as Extract<CreateLeadResult, { status: 'created' }>).lead;
      expect(lead.estimate).toEqual(estimate);
      const row = await db.one<{ estimate: unknown }>('SELECT estimate FROM leads WHERE id = $1', [lead.id]);
      expect(row.estimate).toEqual(estimate);
      expect((await findLeadByToken(db, lead.accessToken))!.estimate).toEqual(estimate);
      const text = notificationText(lead, fixtureServerData().facts);
      expect(text).toContain('ROOF ESTIMATE');
      expect(text).toMatch(/Roof estimate: +\$6,800–\$20,400 \(CostOwl's June 2022 cost guide\)/);
      expect(text).toMatch(/Material: +Concrete tile/);
      expect(webhookPayload(lead, 'd-1')).toMatchObject({ lead: { estimate } });

      const without = await createLead(db, sampleNewLead(sampleLead()), options);
      expect((without as Extract<CreateLeadResult, { status: 'created' }>).lead.estimate).toBeNull();
    });

    it('refuses an idempotency key sent again with other content, and stores nothing', async () => {
      const input = sampleNewLead(sampleLead());
      await createLead(db, input, options);
      const changed = { ...input.lead, name: 'Changed Name' };
      const second = await createLead(db, { ...input, lead: changed, fingerprint: requestFingerprint(changed) }, options);
      expect(second).toEqual({ status: 'key-reused' });
      expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM leads')).n).toBe(1);
    });

    it('makes a double submit one lead: the same idempotency key returns the first lead', async () => {
      const input = sampleNewLead(sampleLead());
      const first = await createLead(db, input, options);
      const second = await createLead(db, { ...input }, options);
      expect(second.status).toBe('replayed');
      expect((second as { lead: { reference: string } }).lead.reference).toBe(
        (first as { lead: { reference: string } }).lead.reference,
      );
      expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM leads')).n).toBe(1);
      expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM lead_notifications')).n).toBe(2);
    });

    it('stores one lead when the same request arrives twenty times at once', async () => {
      const input = sampleNewLead(sampleLead());
      const results = await Promise.all(Array.from({ length: 20 }, () => createLead(db, input, options)));
      expect(results.filter((r) => r.status === 'created')).toHaveLength(1);
      expect(new Set(results.map((r) => (r as { lead: { reference: string } }).lead.reference)).size).toBe(1);
      expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM leads')).n).toBe(1);
    });

    it('gives exactly 3 of 20 parallel bookings the 3 places of a window; the rest get free windows', async () => {
      const date = DATES[3]!;
      const results = await Promise.all(Array.from({ length: 20 }, () => createLead(db, sampleNewLead(booking(date)), options)));
      expect(results.filter((r) => r.status === 'created')).toHaveLength(3);
      const refused = results.filter((r) => r.status === 'full') as Extract<CreateLeadResult, { status: 'full' }>[];
      expect(refused).toHaveLength(17);
      for (const r of refused) {
        expect(r.alternatives).toHaveLength(3);
        expect(r.alternatives[0]).toEqual({ date, window: 'afternoon' });
        expect(r.alternatives).not.toContainEqual({ date, window: 'morning' });
      }
      const { n } = await db.one<{ n: number }>(
        "SELECT count(*) AS n FROM leads WHERE preferred_date = $1 AND preferred_window = 'morning'",
        [date],
      );
      expect(n).toBe(3);
    });

    it('lets a double submit of the last place through as one booking, not as a full window', async () => {
      const date = DATES[4]!;
      for (let i = 0; i < 2; i++) await createLead(db, sampleNewLead(booking(date)), options);
      const last = sampleNewLead(booking(date));
      const results = await Promise.all(Array.from({ length: 6 }, () => createLead(db, last, options)));
      expect(results.map((r) => r.status).sort()).toEqual([
        'created',
        'replayed',
        'replayed',
        'replayed',
        'replayed',
        'replayed',
      ]);
    });

    it('uses the capacity the admin set for one window, and the default elsewhere', async () => {
      const date = DATES[5]!;
      await setSlotCapacity(db, { date, window: 'afternoon' }, 1);
      expect((await createLead(db, sampleNewLead(booking(date, 'afternoon')), options)).status).toBe('created');
      expect((await createLead(db, sampleNewLead(booking(date, 'afternoon')), options)).status).toBe('full');
      await setDefaultCapacity(db, 0);
      expect((await createLead(db, sampleNewLead(booking(date, 'morning')), options)).status).toBe('full');
    });

    it('takes a weekday’s usual number before the default, and a day’s own number before both', async () => {
      const monday = DATES.find((d) => isoWeekday(d) === 1)!;
      const mondays = DATES.filter((d) => isoWeekday(d) === 1);
      const tuesday = DATES.find((d) => isoWeekday(d) === 2)!;
      await setWeekdayCapacity(db, { 1: { morning: 0, afternoon: 0 }, 2: { morning: 1, afternoon: null } });
      await setSlotCapacity(db, { date: mondays[1]!, window: 'morning' }, 2);
      const days = await availability(db, NOW, TZ);
      const of = (date: string) => days.find((d) => d.date === date)!;
      expect(of(monday)).toMatchObject({ closed: true, windows: { morning: { remaining: 0 }, afternoon: { remaining: 0 } } });
      expect(of(mondays[1]!)).toMatchObject({
        closed: false,
        windows: { morning: { configured: 2 }, afternoon: { configured: 0 } },
      });
      expect(of(tuesday).windows.morning.configured).toBe(1);
      expect(of(tuesday).windows.afternoon.configured).toBe(3);
      expect((await createLead(db, sampleNewLead(booking(monday)), options)).status).toBe('full');
      expect((await createLead(db, sampleNewLead(booking(tuesday)), options)).status).toBe('created');
      expect((await createLead(db, sampleNewLead(booking(tuesday)), options)).status).toBe('full');
      expect((await createLead(db, sampleNewLead(booking(mondays[1]!)), options)).status).toBe('created');
    });

    it('keeps spam without notifications and without holding a place', async () => {
      const date = DATES[6]!;
      await setSlotCapacity(db, { date, window: 'morning' }, 1);
      const spam = await createLead(db, sampleNewLead(booking(date), { spamReason: 'honeypot' }), options);
      expect(spam.status).toBe('created');
      const stored = await db.one<{ status: string; spam_reason: string }>('SELECT status, spam_reason FROM leads');
      expect(stored).toEqual({ status: 'spam', spam_reason: 'honeypot' });
      expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM lead_notifications')).n).toBe(0);
      expect((await createLead(db, sampleNewLead(booking(date)), options)).status).toBe('created');
    });

    it('reports the places left per bookable date and window', async () => {
      const date = DATES[7]!;
      await createLead(db, sampleNewLead(booking(date, 'afternoon')), options);
      await setSlotCapacity(db, { date, window: 'morning' }, 5);
      const days = await availability(db, NOW, TZ);
      expect(days.map((d) => d.date)).toEqual(DATES);
      expect(days.find((d) => d.date === date)!.windows).toEqual({
        morning: { capacity: 5, configured: 5, booked: 0, remaining: 5 },
        afternoon: { capacity: 3, configured: 3, booked: 1, remaining: 2 },
      });
    });
  });
}
