import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type { PGlite } from '@electric-sql/pglite';
import { openScratchPglite, type Db, type Queryable } from './index.ts';
import { applyMigrations, readMigrations, type Migration } from './migrate.ts';
import { BackupError } from './backup-error.ts';
import {
  copyRows,
  copySequencePositions,
  insertFromJson,
  moveSequencesPastRows,
  rowBatches,
  sequencePosition,
} from './row-copy.ts';
import {
  compareShapes,
  dependencyOrder,
  describeSchema,
  ident,
  listMigrations,
  literal,
  migrationRows,
  sameMigrations,
  unknownMigration,
  type MigrationRow,
  type Shape,
  type Table,
} from './schema-shape.ts';

export { BackupError };

const HEADER_START = '-- Website database backup (npm run db -- backup)';
const END_MARKER = '-- End of backup:';
const PG_DUMP_TRAILER = /\n--\r?\n-- PostgreSQL database dump complete\r?\n--(?:\r?\n)*$/;

export interface TableRows {
  table: string;
  rows: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The migration version the database (and so the backup) is at. */
  version: number;
  /** Rows written per table, by table name. */
  tables: TableRows[];
}

export interface RestoreResult {
  /** The migration version the backup was made at. */
  backupVersion: number;
  /** The migration version the restored database is at (the current one). */
  version: number;
  /** Rows loaded per table, by table name (schema_migrations comes from the migrations, not the backup). */
  tables: TableRows[];
}

/**
 * Writes a plain SQL dump of the database to `file`, atomically and readable
 * by its owner only: tables, keys and indexes as pg_dump writes them, and the
 * rows as JSON, one per line (see `dumpScratch`). Works the same for PGlite and
 * PostgreSQL: the rows are read in one consistent snapshot into an in-memory
 * PGlite migrated to the source's exact migrations, and pg_dump runs there, so
 * the dump is always of the `public` schema and holds no owners or grants.
 * Refuses a database whose tables differ from what its migrations create,
 * because such a backup could not hold every row exactly.
 */
export async function backupDatabase(db: Db, file: string, options: { now?: Date } = {}): Promise<BackupResult> {
  const target = path.resolve(file);
  const folder = path.dirname(target);
  if (!(await stat(folder).catch(() => null))?.isDirectory()) {
    throw new BackupError(`The folder ${folder} does not exist, so the backup was not written.`);
  }
  const migrations = await readMigrations();
  const { db: scratch, pglite } = await openScratchPglite();
  try {
    await scratch.exec('SET extra_float_digits = 3');
    const copied = await db.transaction(async (source) => {
      // One snapshot for every table, so a lead written mid-backup is in it with its notifications or not at all.
      await source.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      // A server configured with fewer float digits would round double precision values in the JSON.
      await source.query('SET LOCAL extra_float_digits = 3');
      const present = await source.one<{ present: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
      if (!present.present) {
        throw new BackupError(
          'The database has never been set up by this site (it has no schema_migrations table), so there is nothing to back up.',
        );
      }
      const applied = await migrationRows(source);
      const unknown = unknownMigration(applied, migrations);
      if (unknown) {
        throw new BackupError(
          `The database is at migration ${unknown.version} (${unknown.name}), which this version of the site does not have. Back it up with the version of the site that runs on it.`,
        );
      }
      // Exactly the source's migrations: one numbered below its newest but not yet applied there stays out too.
      await scratch.transaction((tx) =>
        applyMigrations(
          tx,
          migrations.filter((m) => applied.some((a) => a.version === m.version)),
        ),
      );
      const sourceShape = await describeSchema(source);
      const scratchShape = await describeSchema(scratch);
      const problems = compareShapes(sourceShape, scratchShape, 'the database', 'its migrations');
      if (problems.length > 0) {
        throw new BackupError(
          `The database's tables are not the ones its migrations create (${problems.join('; ')}), so a backup could not hold every row exactly. None was made.`,
        );
      }
      const order = dependencyOrder(sourceShape);
      return scratch.transaction(async (tx) => {
        // A fresh schema holds the rows its migrations insert (booking_settings, schema_migrations): the source's replace them.
        for (const table of [...order].reverse()) await tx.query(`DELETE FROM ${ident(table.name)}`);
        const counts: TableRows[] = [];
        for (const table of order) counts.push({ table: table.name, rows: await copyRows(source, tx, table) });
        await copySequencePositions(source, sourceShape, tx, scratchShape);
        return { version: Math.max(0, ...applied.map((a) => a.version)), counts, order };
      });
    });

    const versionName = migrations.find((m) => m.version === copied.version)?.name;
    const header =
      `${HEADER_START}, made ${(options.now ?? new Date()).toISOString()} ` +
      `from ${db.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database (PGlite)'}, at migration ${copied.version}` +
      `${versionName ? ` (${versionName})` : ''}.\n` +
      '-- Plain SQL. Load it into an empty database with: npm run db -- restore <this file>\n';
    const text = header + (await dumpScratch(pglite, scratch, copied.order));
    await writeFileAtomically(target, text);
    return {
      file: target,
      bytes: Buffer.byteLength(text),
      version: copied.version,
      tables: copied.counts.sort((a, b) => a.table.localeCompare(b.table)),
    };
  } finally {
    await scratch.close();
  }
}

/**
 * Loads a dump made by `backupDatabase` (or by pg_dump `--inserts`) into `db`,
 * which must be empty: no rows other than those its migrations insert. The
 * dump is loaded into an in-memory PGlite first and migrated to the current
 * schema there, so an older backup restores too; then the target is migrated
 * and filled in one transaction, parents before children, and its sequences
 * are moved past the restored ids. Any failure leaves the target as it was.
 */
export async function restoreDatabase(db: Db, file: string): Promise<RestoreResult> {
  const sql = await readDump(file);
  const migrations = await readMigrations();
  const { db: scratch } = await openScratchPglite();
  try {
    // UTC: the comparisons below read timestamps as text, which carries the session's offset.
    await scratch.exec(`SET extra_float_digits = 3; SET TIME ZONE 'UTC'`);
    const seeds = await seedRows(scratch, migrations);
    try {
      await scratch.exec(sql);
    } catch (error) {
      throw new BackupError(`${file} could not be read as a database backup (${reason(error)}). Nothing was changed.`, {
        cause: error,
      });
    }
    await useSchemaOfDump(scratch, file);
    const backupMigrations = await migrationRows(scratch);
    const unknown = unknownMigration(backupMigrations, migrations);
    if (unknown) {
      throw new BackupError(
        `${file} was made at migration ${unknown.version} (${unknown.name}), which this version of the site does not have. Update the site, then restore. Nothing was changed.`,
      );
    }
    await scratch.transaction((tx) => applyMigrations(tx, migrations));
    const scratchMigrations = await migrationRows(scratch);
    const scratchShape = await describeSchema(scratch);
    const order = dependencyOrder(scratchShape).filter((t) => t.name !== 'schema_migrations');

    let tables: TableRows[];
    try {
      tables = await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL TIME ZONE 'UTC'`);
        const targetShape = await migratedTargetLike(tx, migrations, scratchMigrations, scratchShape);
        // Other processes wait until the restore commits: none can slip a row in after the check below.
        await tx.exec(`LOCK TABLE ${order.map((t) => ident(t.name)).join(', ')} IN EXCLUSIVE MODE`);
        const holding = await tablesWithData(tx, targetShape, order, seeds);
        if (holding.length > 0) {
          throw new BackupError(
            `The target database already holds data (${holding.map((h) => `${h.table}: ${plural(h.rows, 'row')}`).join(', ')}). ` +
              'Restore only loads into an empty database, so nothing was changed.',
          );
        }
        for (const table of [...order].reverse()) await tx.query(`DELETE FROM ${ident(table.name)}`);
        const counts: TableRows[] = [];
        for (const table of order) counts.push({ table: table.name, rows: await copyRows(scratch, tx, table) });
        await moveSequencesPastRows(scratch, scratchShape, tx, targetShape, order);
        return counts;
      });
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `The restore stopped (${reason(error)}). Its transaction was rolled back, so the target database is as it was.`,
        { cause: error },
      );
    }
    return {
      backupVersion: Math.max(0, ...backupMigrations.map((m) => m.version)),
      version: Math.max(0, ...scratchMigrations.map((m) => m.version)),
      tables: tables.sort((a, b) => a.table.localeCompare(b.table)),
    };
  } finally {
    await scratch.close();
  }
}

/** Migrates the target inside the restore's transaction and refuses it unless its migrations and tables are the backup's. */
async function migratedTargetLike(
  tx: Queryable,
  migrations: readonly Migration[],
  scratchMigrations: readonly MigrationRow[],
  scratchShape: Shape,
): Promise<Shape> {
  await applyMigrations(tx, migrations);
  const targetMigrations = await migrationRows(tx);
  const newer = unknownMigration(targetMigrations, migrations);
  if (newer) {
    throw new BackupError(
      `The target database is at migration ${newer.version} (${newer.name}), which this version of the site does not have, so nothing was restored.`,
    );
  }
  if (!sameMigrations(targetMigrations, scratchMigrations)) {
    throw new BackupError(
      `After migrating, the backup's migrations (${listMigrations(scratchMigrations)}) and the target's (${listMigrations(targetMigrations)}) differ, so nothing was restored.`,
    );
  }
  const targetShape = await describeSchema(tx);
  const problems = compareShapes(scratchShape, targetShape, 'the backup', 'the target database');
  if (problems.length > 0) {
    throw new BackupError(`The backup's tables do not match the target's (${problems.join('; ')}), so nothing was restored.`);
  }
  return targetShape;
}

async function readDump(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    throw error;
  }
  text = withoutPsqlRestrict(text);
  if (!text.startsWith(HEADER_START) && /^COPY .+ FROM stdin;\r?$/m.test(text)) {
    throw new BackupError(
      `${file} stores its rows as COPY blocks, which this tool cannot load. Make the dump with npm run db -- backup, or with pg_dump --inserts.`,
    );
  }
  // A copy cut short still ends with whole statements; only the closing line tells it from a whole file.
  const complete = text.startsWith(HEADER_START)
    ? (text.trimEnd().split('\n').at(-1) ?? '').startsWith(END_MARKER)
    : PG_DUMP_TRAILER.test(text);
  if (!complete) {
    throw new BackupError(
      `${file} is not a complete database backup: its closing line is missing, so it was cut short or is another kind of file. Nothing was changed.`,
    );
  }
  return text;
}

/**
 * pg_dump 17.6, 16.10, 15.14 and later open their output with `\restrict <key>` and close it with
 * `\unrestrict <key>` (CVE-2025-8714). Only psql understands these meta-commands. The opening one
 * is taken only from before the first statement, and the closing one only with the same random
 * key, so a stored text line that happens to start with a backslash is never touched.
 */
function withoutPsqlRestrict(text: string): string {
  const opening = /^((?:--[^\n]*\n|[ \t]*\r?\n)*)\\restrict ([A-Za-z0-9]+)\r?\n/.exec(text);
  if (!opening) return text;
  const rest = opening[1]! + text.slice(opening[0].length);
  return rest.replace(new RegExp(`^\\\\unrestrict ${opening[2]!}\\r?$`, 'm'), '');
}

/** The rows a fresh database has right after its migrations, per table, for telling "empty" from "holds data". */
async function seedRows(scratch: Db, migrations: readonly Migration[]): Promise<Map<string, string[]>> {
  await scratch.exec('CREATE SCHEMA backup_seed; SET search_path TO backup_seed');
  await scratch.transaction((tx) => applyMigrations(tx, migrations));
  const seeds = new Map<string, string[]>();
  for (const table of (await describeSchema(scratch)).values()) {
    if (table.name !== 'schema_migrations') seeds.set(table.name, await rowsWithoutTimeDefaults(scratch, table));
  }
  await scratch.exec('SET search_path TO public; DROP SCHEMA backup_seed CASCADE');
  return seeds;
}

async function rowsWithoutTimeDefaults(q: Queryable, table: Table): Promise<string[]> {
  const skipped = table.columns.filter((c) => c.timeDefault).map((c) => literal(c.name));
  const rows = await q.query<{ row: string }>(
    `SELECT (to_jsonb(r) - ARRAY[${skipped.join(', ')}]::text[])::text AS row FROM ${ident(table.name)} AS r`,
  );
  return rows.map((r) => r.row).sort();
}

async function tablesWithData(
  tx: Queryable,
  shape: Shape,
  order: readonly Table[],
  seeds: Map<string, string[]>,
): Promise<TableRows[]> {
  const holding: TableRows[] = [];
  for (const { name } of order) {
    const seed = seeds.get(name) ?? [];
    const { n } = await tx.one<{ n: number }>(`SELECT count(*) AS n FROM ${ident(name)}`);
    if (n === 0) continue;
    if (n === seed.length) {
      const rows = await rowsWithoutTimeDefaults(tx, shape.get(name)!);
      if (rows.every((row, i) => row === seed[i])) continue;
    }
    holding.push({ table: name, rows: n });
  }
  return holding.sort((a, b) => a.table.localeCompare(b.table));
}

/** Points the scratch session at the schema the dump created (public for ours; another for a hand-made pg_dump of one schema). */
async function useSchemaOfDump(scratch: Db, file: string): Promise<void> {
  const schemas = await scratch.query<{ schema: string }>(
    `SELECT n.nspname::text AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relname = 'schema_migrations' AND c.relkind = 'r'`,
  );
  if (schemas.length !== 1) {
    throw new BackupError(
      schemas.length === 0
        ? `${file} is not a backup of this site's database: it has no schema_migrations table. Nothing was changed.`
        : `${file} holds several schemas with a schema_migrations table (${schemas.map((s) => s.schema).join(', ')}), so it is not clear which to restore. Nothing was changed.`,
    );
  }
  // The dump ends with an empty search_path (pg_dump sets it so for safety).
  await scratch.exec(`SET search_path TO ${ident(schemas[0]!.schema)}`);
}

/**
 * The dump file's body. pg_dump writes the tables and sequences, then the keys,
 * indexes and foreign keys; the rows between them are written here as JSON,
 * because pglite-tools' pgDump deletes every output line that starts with
 * `\restrict` or `\unrestrict`, and with `--inserts` a line of a stored text
 * (a visitor's message) may start so. JSON escapes line breaks, so each row is
 * one line that starts with `{`.
 */
async function dumpScratch(pglite: PGlite, scratch: Queryable, order: readonly Table[]): Promise<string> {
  const args = ['--no-owner', '--no-privileges'];
  const before = await (await pgDump({ pg: pglite, args: [...args, '--section=pre-data'] })).text();
  const after = await (await pgDump({ pg: pglite, args: [...args, '--section=post-data'] })).text();
  const parts = [
    '--\n-- Part 1 of 3: tables and sequences (pg_dump --section=pre-data)\n--\n',
    before.replace(PG_DUMP_TRAILER, '\n\n'),
    '--\n-- Part 2 of 3: the rows, as JSON, one row per line, and where each sequence stands\n--\n\n',
    'SET standard_conforming_strings = on;\n\n',
  ];
  let total = 0;
  for (const table of order) {
    const qualified = `public.${ident(table.name)}`;
    let rows = 0;
    const statements: string[] = [];
    for await (const batch of rowBatches(scratch, table)) {
      statements.push(`${insertFromJson(table, qualified, literal(batch.json))};\n`);
      rows += batch.rows;
    }
    total += rows;
    parts.push(`-- ${table.name}: ${plural(rows, 'row')}\n`, ...statements, '\n');
  }
  for (const table of order) {
    for (const { sequence } of table.sequences) {
      const position = await sequencePosition(scratch, sequence);
      parts.push(
        `SELECT pg_catalog.setval(${literal(`public.${ident(sequence)}`)}, ${position.last_value}, ${position.is_called});\n`,
      );
    }
  }
  parts.push(
    '\n--\n-- Part 3 of 3: keys, indexes and foreign keys (pg_dump --section=post-data)\n--\n',
    after,
    `${END_MARKER} ${plural(order.length, 'table')}, ${plural(total, 'row')}.\n`,
  );
  return parts.join('');
}

async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    // Owner-only: a backup holds every customer's name, phone number and address.
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]!.replace(/\.$/, '');
}
