import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../lib/admin-leads.ts';
import type { Db } from '../db/index.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import { openParallelTestDb, sampleLead, sampleNewLead } from '../../tests/lead-fixtures.ts';
import { firstTouchOf, listLeads, median, medianFirstTouchSince, recordContact, setLeadStatus, waitedMs } from './admin-store.ts';
import { createLead, type CreateLeadResult } from './store.ts';

const TZ = 'America/New_York';
const MIN = 60_000;
const actor = { id: null, login: 'office' };

describe('time to first touch, the pure part', () => {
  const arrived = new Date('2026-03-02T14:00:00Z');
  it('waits until now while untouched, and to the first touch once touched', () => {
    expect(waitedMs(arrived, null, new Date(arrived.getTime() + 12 * MIN))).toBe(12 * MIN);
    expect(waitedMs(arrived, new Date(arrived.getTime() + 8 * MIN), new Date(arrived.getTime() + 99 * MIN))).toBe(8 * MIN);
  });
  it('takes the earliest call, text or status change, never a note', () => {
    const at = (m: number) => new Date(arrived.getTime() + m * MIN);
    expect(
      firstTouchOf([
        { kind: 'note', at: at(1) },
        { kind: 'text', at: at(7) },
        { kind: 'call', at: at(5) },
      ]),
    ).toEqual(at(5));
    expect(firstTouchOf([{ kind: 'note', at: at(1) }])).toBeNull();
  });
  it('gives the middle value, the mean of the two middle ones for an even count, and null for none', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
  });
});

const postgresUrl = await reachableTestPostgres();
const backends = [
  { name: 'PGlite', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`time to first touch on ${backend.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openParallelTestDb(backend.url, 4);
    });
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await db.exec('TRUNCATE leads, lead_notifications, lead_events RESTART IDENTITY CASCADE');
    });

    /** A lead that arrived `ago` minutes before now; its reference. */
    async function leadFrom(ago: number): Promise<string> {
      const result = (await createLead(db, sampleNewLead(sampleLead()), {
        channels: [],
        messageIdDomain: 'test.example',
        now: new Date(),
        timeZone: TZ,
      })) as Extract<CreateLeadResult, { status: 'created' }>;
      await db.query(`UPDATE leads SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [result.lead.id, ago]);
      return result.lead.reference;
    }

    /** Moves the events of the lead to `after` minutes after it arrived. */
    const touchedAfter = (reference: string, after: number) =>
      db.query(
        `UPDATE lead_events e SET created_at = l.created_at + make_interval(mins => $2) FROM leads l
         WHERE l.id = e.lead_id AND l.reference = $1`,
        [reference, after],
      );

    it('reads each listed lead’s first call, text or status change, and the median of the touched ones since a time', async () => {
      const called = await leadFrom(30);
      await recordContact(db, called, 'call', actor);
      await touchedAfter(called, 4);
      const texted = await leadFrom(40);
      await recordContact(db, texted, 'text', actor);
      await touchedAfter(texted, 10);
      const moved = await leadFrom(50);
      await setLeadStatus(db, moved, 'contacted', actor);
      await touchedAfter(moved, 20);
      const waiting = await leadFrom(12);
      const yesterday = await leadFrom(60 * 30);
      await recordContact(db, yesterday, 'call', actor);

      const { leads } = await listLeads(db, NO_FILTERS, TZ);
      const byRef = new Map(leads.map((l) => [l.reference, l]));
      expect(byRef.get(waiting)!.firstTouchAt).toBeNull();
      const calledLead = byRef.get(called)!;
      expect(calledLead.firstTouchAt!.getTime() - calledLead.createdAt.getTime()).toBe(4 * MIN);

      const since = new Date(Date.now() - 24 * 60 * MIN);
      expect(await medianFirstTouchSince(db, since)).toBe(10 * MIN);
      expect(await medianFirstTouchSince(db, new Date(Date.now() - 35 * MIN))).toBe(4 * MIN);
      expect(await medianFirstTouchSince(db, new Date(Date.now() - 20 * MIN))).toBeNull();
      expect(await recordContact(db, 'NONE-NONE', 'call', actor)).toEqual({ ok: false, reason: 'not-found' });
    });
  });
}
