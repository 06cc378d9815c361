import { randomBytes } from 'node:crypto';
import type { Lead } from '../../components/lead-schema.ts';
import { createDb, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import type { NewLead } from './store.ts';

/**
 * A migrated database on a fresh schema with a pool big enough for real
 * parallelism (openTestDb's pool has 4 connections); in-memory PGlite when
 * `url` is null. `close()` drops the schema.
 */
export async function openParallelTestDb(url: string | null, poolSize = 24): Promise<Db> {
  if (!url) {
    const db = await createDb({ memory: true });
    await migrate(db);
    return db;
  }
  const schema = `leads_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const opened = await createDb({ url, schema, poolSize });
  await migrate(opened);
  return {
    ...opened,
    async close() {
      try {
        await opened.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await opened.close();
      }
    },
  };
}

let counter = 0;

/** A valid lead for tests; every call has its own name, phone and idempotency key. */
export function sampleLead(overrides: Partial<Record<string, unknown>> = {}): Lead {
  counter++;
  return {
    kind: 'consultation',
    name: `Test Person ${counter}`,
    phone: `+1912555${String(counter % 10000).padStart(4, '0')}`,
    zip: '31405',
    smsConsent: false,
    ...overrides,
  } as Lead;
}

export function sampleNewLead(lead: Lead, overrides: Partial<NewLead> = {}): NewLead {
  return {
    lead,
    idempotencyKey: `test-${randomBytes(8).toString('hex')}`,
    spamReason: null,
    area: { distanceMiles: 2.5, outside: false },
    fillMs: 12_000,
    userAgent: 'vitest',
    pageUrl: null,
    ...overrides,
  };
}
