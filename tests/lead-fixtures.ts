import { randomBytes } from 'node:crypto';
import type { Lead } from '../lib/lead-schema.ts';
import type { Db } from '../server/db/index.ts';
import { openTestDb } from './test-db.ts';
import { requestFingerprint } from '../server/api/leads.ts';
import type { NewLead } from '../server/leads/store.ts';

/**
 * A migrated database on a fresh schema with a pool big enough for real
 * parallelism (openTestDb's default pool has 4 connections); in-memory PGlite
 * when `url` is null. `close()` drops the schema.
 */
export function openParallelTestDb(url: string | null, poolSize = 24): Promise<Db> {
  return openTestDb(url, { migrate: true, poolSize });
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
    fingerprint: requestFingerprint(lead),
    spamReason: null,
    area: { distanceMiles: 2.5, outside: false },
    fillMs: 12_000,
    userAgent: 'vitest',
    pageUrl: null,
    ...overrides,
  };
}
