import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';

/**
 * The PostgreSQL URL for tests, or null (after a one-line notice) when
 * TEST_DATABASE_URL is unset, so callers can skip. Set but unreachable is a
 * failure, not a skip: a run that meant to test PostgreSQL must not pass without it.
 */
export async function reachableTestPostgres(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.info('PostgreSQL tests skipped: TEST_DATABASE_URL is not set.');
    return null;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch (error) {
    throw new Error(
      `TEST_DATABASE_URL is set, but ${new URL(url).host} does not answer (${(error as Error).message}). Start PostgreSQL or unset TEST_DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A database on a fresh schema of its own, so tests never see each other's rows;
 * `close()` drops the schema. In-memory PGlite when `url` is null.
 */
export async function openTestDb(url: string | null, options: { migrate?: boolean; poolSize?: number } = {}): Promise<Db> {
  let db: Db;
  if (url) {
    const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const opened = await createDb({ url, schema, poolSize: options.poolSize ?? 4 });
    db = {
      ...opened,
      async close() {
        try {
          await opened.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await opened.close();
        }
      },
    };
  } else {
    db = await createDb({ memory: true });
  }
  if (options.migrate) await migrate(db);
  return db;
}
