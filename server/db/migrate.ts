import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './index.ts';

/** Folder of the versioned migrations (`NNN_name.sql`). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const FILE_NAME = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads and orders the migration files; a stray or duplicate file fails loudly rather than being skipped. */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql'));
  const migrations: Migration[] = [];
  const seen = new Map<number, string>();
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) {
      throw new Error(`Migration file "${file}" must be named NNN_name.sql (digits, underscore, lower-case name)`);
    }
    const version = Number(match[1]);
    const other = seen.get(version);
    if (other) throw new Error(`Migrations "${other}" and "${file}" share version ${version}`);
    seen.set(version, file);
    migrations.push({ version, name: match[2]!, sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, in order,
 * in one transaction: either all pending ones apply or none do.
 * Safe when several instances start at once: they queue on an advisory lock
 * scoped to the current schema. `upTo` stops at that version (a backup
 * rebuilds the schema its source was at). Returns the migrations it applied.
 */
export async function migrate(db: Db, options: { dir?: string; upTo?: number } = {}): Promise<Migration[]> {
  const { upTo } = options;
  const migrations = (await readMigrations(options.dir)).filter((m) => upTo === undefined || m.version <= upTo);
  return db.transaction((tx) => applyMigrations(tx, migrations));
}

/**
 * `migrate` inside a transaction the caller already holds, so a restore can
 * migrate its target and fill it as one unit. `migrations` must be in order.
 */
export async function applyMigrations(tx: Queryable, migrations: readonly Migration[]): Promise<Migration[]> {
  // Transaction-scoped, so the lock is released by COMMIT or ROLLBACK even if this process dies.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('schema_migrations:' || current_schema()))`);
  await tx.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
  `);
  const applied = new Set(
    (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version),
  );
  const pending = migrations.filter((migration) => !applied.has(migration.version));
  for (const migration of pending) {
    try {
      await tx.exec(migration.sql);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${migration.version}_${migration.name} failed: ${reason}`, { cause: error });
    }
    await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
  }
  return pending;
}
