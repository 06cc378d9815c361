import { describe, expect, it } from 'vitest';
import { createDb } from '../db/index.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';
import { vapidKeys } from './push.ts';

const postgresUrl = await reachableTestPostgres();

describe.skipIf(!postgresUrl)('the push key pair, of two processes starting at once on PostgreSQL', () => {
  it('is the one the other process wrote while this one waited to write its own', async () => {
    const db = await openTestDb(postgresUrl, { migrate: true });
    const other = await createDb({ url: postgresUrl!, schema: db.schema, poolSize: 2 });
    try {
      let written!: () => void;
      let commit!: () => void;
      const rowWritten = new Promise<void>((resolve) => (written = resolve));
      const committed = other.transaction(async (tx) => {
        await tx.query("INSERT INTO push_keys (public_key, private_key) VALUES ('their-public', 'their-private')");
        written();
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await rowWritten;
      const ours = vapidKeys(db, { SITE_URL: 'https://roofer.example' });
      // Ours waits on the other's row before the other commits, as when both start at the same moment.
      for (let waiting = false; !waiting; await new Promise((resolve) => setTimeout(resolve, 20))) {
        waiting = await other
          .one<{ waiting: boolean }>(
            "SELECT count(*) > 0 AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO push_keys%'",
          )
          .then((row) => row.waiting);
      }
      commit();
      await committed;
      expect(await ours).toEqual({ publicKey: 'their-public', privateKey: 'their-private', subject: 'https://roofer.example' });
    } finally {
      await other.close();
      await db.close();
    }
  });
});
