import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './index.ts';
import { insertErrorLog, recentErrorLog } from './error-log.ts';
import { migrate, readMigrations } from './migrate.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';

const postgresUrl = await reachableTestPostgres();

const backends = [
  { name: 'PGlite (in memory)', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

async function migrationDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'roofing-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe('the migration files', () => {
  // Gaps are allowed: parallel work reserves ranges of numbers (leads 002–009, web vitals 010–019).
  it('are numbered NNN_name.sql in strictly increasing order and start with the error log', async () => {
    const migrations = await readMigrations();
    expect(migrations[0]).toMatchObject({ version: 1, name: 'error_log' });
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });

  it('rejects a file that is not named NNN_name.sql', async () => {
    const dir = await migrationDir({ '001_ok.sql': 'SELECT 1', 'add-users.sql': 'SELECT 1' });
    try {
      await expect(readMigrations(dir)).rejects.toThrow('Migration file "add-users.sql" must be named NNN_name.sql');
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('rejects two files with the same version', async () => {
    const dir = await migrationDir({ '002_leads.sql': 'SELECT 1', '002_sessions.sql': 'SELECT 1' });
    try {
      await expect(readMigrations(dir)).rejects.toThrow(/share version 2/);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

for (const backend of backends) {
  describe.skipIf(backend.skip)(`migrations on ${backend.name}`, () => {
    let db: Db;
    const dirs: string[] = [];

    beforeEach(async () => {
      db = await openTestDb(backend.url);
    });

    afterEach(async () => {
      await db?.close();
      for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
    });

    it('applies every migration once and records it in schema_migrations', async () => {
      const applied = await migrate(db);
      expect(applied.map((m) => m.version)).toEqual((await readMigrations()).map((m) => m.version));
      const recorded = await db.query<{ version: number; name: string; applied_at: Date }>(
        'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
      );
      expect(recorded[0]).toMatchObject({ version: 1, name: 'error_log' });
      expect(recorded[0]!.applied_at).toBeInstanceOf(Date);
    });

    it('does nothing on a second run', async () => {
      await migrate(db);
      const before = await db.query('SELECT version, applied_at FROM schema_migrations ORDER BY version');
      expect(await migrate(db)).toEqual([]);
      expect(await db.query('SELECT version, applied_at FROM schema_migrations ORDER BY version')).toEqual(before);
    });

    it('creates error_log with its kind check and newest-first index', async () => {
      await migrate(db);
      await insertErrorLog(db, { kind: 'render', message: 'first' });
      await insertErrorLog(db, { kind: 'render', message: 'second', clientTimestamp: new Date(1_700_000_000_000) });
      const rows = await recentErrorLog(db, 'render');
      expect(rows.map((r) => r.message)).toEqual(['second', 'first']);
      expect(rows[0]!.client_timestamp).toEqual(new Date(1_700_000_000_000));
      expect(rows[0]!.created_at).toBeInstanceOf(Date);
      await expect(db.query("INSERT INTO error_log (kind) VALUES ('gossip')")).rejects.toThrow(/check constraint/);
      const index = await db.query(
        "SELECT indexdef FROM pg_indexes WHERE tablename = 'error_log' AND schemaname = current_schema() AND indexdef LIKE '%kind, created_at DESC%'",
      );
      expect(index).toHaveLength(1);
    });

    it('applies only the new migrations, in version order', async () => {
      const dir = await migrationDir({
        '001_first.sql': 'CREATE TABLE log_order (step text, at serial);',
        '010_third.sql': "INSERT INTO log_order (step) VALUES ('third');",
        '002_second.sql': "INSERT INTO log_order (step) VALUES ('second');",
      });
      dirs.push(dir);
      expect((await migrate(db, { dir })).map((m) => m.version)).toEqual([1, 2, 10]);
      await writeFile(path.join(dir, '011_fourth.sql'), "INSERT INTO log_order (step) VALUES ('fourth');");
      expect((await migrate(db, { dir })).map((m) => m.name)).toEqual(['fourth']);
      expect((await db.query('SELECT step FROM log_order ORDER BY at')).map((r) => r.step)).toEqual([
        'second',
        'third',
        'fourth',
      ]);
    });

    it('stops at the version it is asked to go up to', async () => {
      const dir = await migrationDir({
        '001_first.sql': 'CREATE TABLE up_to (step text);',
        '002_second.sql': "INSERT INTO up_to VALUES ('second');",
        '003_third.sql': "INSERT INTO up_to VALUES ('third');",
      });
      dirs.push(dir);
      expect((await migrate(db, { dir, upTo: 2 })).map((m) => m.version)).toEqual([1, 2]);
      expect((await db.query('SELECT step FROM up_to')).map((r) => r.step)).toEqual(['second']);
      expect((await migrate(db, { dir })).map((m) => m.version)).toEqual([3]);
    });

    it('applies none of a batch when one migration fails, and names the failing file', async () => {
      const dir = await migrationDir({
        '001_good.sql': 'CREATE TABLE partial_good (x int);',
        '002_bad.sql': 'CREATE TABLE partial_bad (x int); SELECT * FROM no_such_table;',
      });
      dirs.push(dir);
      await expect(migrate(db, { dir })).rejects.toThrow(/Migration 2_bad failed: .*no_such_table/);
      expect(
        await db.query(
          "SELECT 1 FROM information_schema.tables WHERE table_name LIKE 'partial_%' AND table_schema = current_schema()",
        ),
      ).toEqual([]);
      expect(
        await db.query(
          "SELECT 1 FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = current_schema()",
        ),
      ).toEqual([]);
    });

    it('is safe when several instances migrate at the same moment', async () => {
      const dir = await migrationDir({
        '001_counter.sql': 'CREATE TABLE race (n int);',
        '002_fill.sql': 'INSERT INTO race VALUES (1);',
      });
      dirs.push(dir);
      // Separate connections to the same schema, as separate server processes would have.
      const others = backend.url ? await Promise.all([1, 2].map(() => createDb({ url: backend.url!, schema: db.schema }))) : [];
      try {
        const results = await Promise.all([db, ...others, db].map((handle) => migrate(handle, { dir })));
        expect(
          results
            .flat()
            .map((m) => m.version)
            .sort(),
        ).toEqual([1, 2]);
        expect(await db.one('SELECT count(*)::int AS n FROM race')).toEqual({ n: 1 });
      } finally {
        for (const other of others) await other.close();
      }
    });
  });
}
