import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';

/** Query methods shared by the database handle and by a transaction. */
export interface Queryable {
  /** Runs one statement with `$1, $2, ...` parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Like `query`, but exactly one row must come back. */
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T>;
  /** Like `query`, but at most one row may come back; `null` when there is none. */
  maybeOne<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | null>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The data layer: the same SQL runs on embedded PGlite and on PostgreSQL.
 * Result types are aligned across both: int8 (bigserial, count(*)) comes back
 * as a JS number, numeric as a string, timestamptz as a Date.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The schema every unqualified name resolves to. */
  readonly schema: string;
  /**
   * Runs `fn` in a transaction and commits when it resolves, rolls back when it throws.
   * Use only the `tx` handle inside: on PGlite the outer handle waits for the transaction to end.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (PGlite serves one process, which needs no message): calls `onNotify` with
   * the payload of every `pg_notify(channel, payload)` any connection sends, over a connection of
   * its own that comes back after an error (and then calls `onNotify(null)`: a message may have
   * been missed meanwhile). Resolves, once listening, to the function that stops it.
   */
  listen?(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type CreateDbOptions = ({ url: string; poolSize?: number } | { dataDir: string } | { memory: true }) & {
  /** Use this schema (created when missing) instead of `public`; tests use one fresh schema each. */
  schema?: string;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;

/** Thrown by `one` / `maybeOne` when the row count is not what the caller asserted. */
export class RowCountError extends Error {
  constructor(expected: string, actual: number) {
    super(`Expected ${expected} row, got ${actual}`);
    this.name = 'RowCountError';
  }
}

/**
 * Opens the database: PostgreSQL for a `url`, otherwise PGlite on disk (`dataDir`) or in memory.
 * The driver is imported lazily so a PostgreSQL deployment never loads the WebAssembly build.
 * On disk, `<dataDir>.lock` keeps a second process out until `close()`; opening a
 * directory another running process holds throws "... Stop the server first."
 */
export async function createDb(options: CreateDbOptions): Promise<Db> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and underscores`);
  }
  return 'url' in options ? openPostgres(options.url, schema, options.poolSize) : openPglite(options, schema);
}

/** Opens the database the environment asks for: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openDbFromEnv(env: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Db> {
  return env.DATABASE_URL ? createDb({ url: env.DATABASE_URL }) : createDb({ dataDir: path.join(env.DATA_DIR, 'pglite') });
}

/** A Queryable from a driver's `query` (rows out) and its way to run several statements. */
function queryable(query: Queryable['query'], exec: (sql: string) => Promise<unknown>): Queryable {
  return {
    query,
    ...withRowHelpers(query),
    async exec(sql) {
      await exec(sql);
    },
  };
}

function withRowHelpers(query: Queryable['query']): Pick<Queryable, 'one' | 'maybeOne'> {
  return {
    async one<T>(sql: string, params?: readonly unknown[]) {
      const rows = await query<T>(sql, params);
      if (rows.length !== 1) throw new RowCountError('exactly one', rows.length);
      return rows[0]!;
    },
    async maybeOne<T>(sql: string, params?: readonly unknown[]) {
      const rows = await query<T>(sql, params);
      if (rows.length > 1) throw new RowCountError('at most one', rows.length);
      return rows[0] ?? null;
    },
  };
}

async function openPglite(options: { dataDir: string } | { memory: true }, schema: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  let pglite: PGlite | undefined;
  let lock: DataDirLock | undefined;
  try {
    if ('dataDir' in options) {
      await mkdir(options.dataDir, { recursive: true });
      lock = await lockDataDir(options.dataDir);
      pglite = await PGlite.create(options.dataDir);
    } else {
      pglite = await freshMemoryPglite();
    }
    if (schema !== 'public') {
      // PGlite is a single session, so a session-level search_path covers every later query.
      await pglite.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
    }
  } catch (error) {
    if (pglite && !pglite.closed) await pglite.close().catch(() => {});
    await lock?.release();
    throw error;
  }
  return pgliteDb(pglite, schema, lock);
}

/** A fresh cluster's data directory (a tar of it), shared by the in-memory databases of this process. */
let memoryTemplate: Promise<Blob> | undefined;

/**
 * Makes every in-memory database of this process start from `load()`'s tar of a fresh data directory,
 * as PGlite's `dumpDataDir` writes it, instead of running initdb. The tests make one for the whole run.
 */
export function useMemoryTemplate(load: () => Promise<Blob>): void {
  memoryTemplate = load();
}

/**
 * A new in-memory PGlite on an empty cluster. initdb takes 2 to 4 s of CPU and a copy of its
 * result about 0.5 s, so the first one in a process keeps a copy of its data directory (about
 * 40 MB) and every later one starts from it.
 */
async function freshMemoryPglite(): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (memoryTemplate) {
    try {
      return await PGlite.create({ loadDataDir: await memoryTemplate });
    } catch {
      memoryTemplate = undefined;
    }
  }
  const pglite = await PGlite.create();
  const template = pglite.dumpDataDir('none');
  memoryTemplate = template;
  await template.catch(() => {
    memoryTemplate = undefined;
  });
  return pglite;
}

/**
 * A throw-away in-memory PGlite, with its raw handle for tools that need one
 * (pg_dump in server/db/backup.ts). Closing the Db closes the handle.
 */
export async function openScratchPglite(): Promise<{ db: Db; pglite: PGlite }> {
  const pglite = await freshMemoryPglite();
  return { db: pgliteDb(pglite, 'public'), pglite };
}

function pgliteDb(opened: PGlite, schema: string, lock?: DataDirLock): Db {
  const bind = (target: PGlite | PGliteTransaction): Queryable =>
    queryable(
      async <T>(sql: string, params?: readonly unknown[]) => (await target.query<T>(sql, params ? [...params] : undefined)).rows,
      (sql) => target.exec(sql),
    );

  return {
    kind: 'pglite',
    schema,
    ...bind(opened),
    transaction: (fn) => opened.transaction((tx) => fn(bind(tx))),
    async close() {
      try {
        if (!opened.closed) await opened.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, schema: string, poolSize = 10): Promise<Db> {
  const { default: pg } = await import('pg');
  // PGlite returns int8 as a number; do the same here so callers see one type on both.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    types,
    // Set per connection at start-up, so every pooled connection sees the same schema.
    ...(schema !== 'public' ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => {
    // An idle client lost its connection; the pool replaces it. Without a listener this would crash the process.
    console.error('PostgreSQL pool error:', error.message);
  });

  const bind = (target: Pool | PoolClient): Queryable =>
    queryable(
      async <T>(sql: string, params?: readonly unknown[]) =>
        (await target.query(sql, params ? [...params] : undefined)).rows as T[],
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      (sql) => target.query(sql),
    );

  try {
    if (schema !== 'public') await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    else await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    // pg's own words ("connect ECONNREFUSED 127.0.0.1:5432") do not say which setting to check.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not connect to PostgreSQL (DATABASE_URL): ${reason}`, { cause: error });
  }

  let closed = false;
  return {
    kind: 'postgres',
    schema,
    ...bind(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(bind(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is in an unknown state; make the pool discard it.
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify) =>
      listenOn(() => new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 }), channel, onNotify),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RELISTEN_MS = 1_000;

/** `Db.listen` on PostgreSQL: one client of its own, `LISTEN channel`, reconnected after an error. */
async function listenOn(
  connect: () => import('pg').Client,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: import('pg').Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const next = connect();
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = (reason: string) => {
      // Before it was listening, the failed connect or LISTEN below rejects instead; once stopped, it is meant.
      if (client !== next || stopped) return;
      console.error(`PostgreSQL LISTEN ${channel}: connection lost, reconnecting:`, reason);
      client = undefined;
      void next.end().catch(() => {});
      again();
    };
    next.on('error', (error) => lost(error.message));
    // The server may also close the connection without an error (a restart).
    next.on('end', () => lost('the connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await next.end());
    client = next;
  };
  const again = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      open().then(
        () => onNotify(null),
        () => again(),
      );
    }, RELISTEN_MS);
    retry.unref();
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = undefined;
  };
}
