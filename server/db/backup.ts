import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type { PGlite } from '@electric-sql/pglite';
import { openScratchPglite, type Db, type Queryable } from './index.ts';
import { applyMigrations, readMigrations, type Migration } from './migrate.ts';

// Rows per read and per INSERT while copying: a few MB of JSON at most, and few round trips.
const BATCH_ROWS = 1000;
const HEADER_START = '-- Website database backup (npm run db -- backup)';
const END_MARKER = '-- End of backup:';
const PG_DUMP_TRAILER = /\n--\r?\n-- PostgreSQL database dump complete\r?\n--(?:\r?\n)*$/;
// Columns that a fresh migration fills with the time it ran: they differ between two fresh databases.
const TIME_DEFAULT =
  /\b(?:now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday)\s*\(|\bCURRENT_(?:TIMESTAMP|DATE|TIME)\b|\bLOCAL(?:TIMESTAMP|TIME)\b/i;

/** A backup or restore refused or failed for a reason the owner can act on; the message is one plain sentence or two. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

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

interface Column {
  name: string;
  type: string;
  generated: boolean;
  identityAlways: boolean;
  timeDefault: boolean;
}

interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** Tables in the same schema this one has foreign keys to. */
  references: string[];
  /** Sequences owned by a column (serial, identity). */
  sequences: { column: string; sequence: string }[];
}

type Shape = Map<string, Table>;

interface MigrationRow {
  version: number;
  name: string;
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
          throw new BackupError(
            `The backup's tables do not match the target's (${problems.join('; ')}), so nothing was restored.`,
          );
        }
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

function migrationRows(q: Queryable): Promise<MigrationRow[]> {
  return q.query<MigrationRow>('SELECT version, name FROM schema_migrations ORDER BY version');
}

/** The first recorded migration this code does not have (unknown version, or a known version under another name). */
function unknownMigration(rows: readonly MigrationRow[], migrations: readonly Migration[]): MigrationRow | undefined {
  return rows.find((row) => !migrations.some((m) => m.version === row.version && m.name === row.name));
}

function sameMigrations(a: readonly MigrationRow[], b: readonly MigrationRow[]): boolean {
  return listMigrations(a) === listMigrations(b);
}

function listMigrations(rows: readonly MigrationRow[]): string {
  return rows.map((r) => `${r.version}_${r.name}`).join(', ');
}

/** Tables, columns, primary keys, foreign keys and owned sequences of the current schema, from the catalogs (the same on PGlite and PostgreSQL). */
async function describeSchema(q: Queryable): Promise<Shape> {
  const columns = await q.query<{
    table_name: string;
    column_name: string;
    type: string;
    generated: boolean;
    identity_always: boolean;
    default_expr: string | null;
  }>(
    `SELECT c.relname::text AS table_name, a.attname::text AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attgenerated::text <> '' AS generated, a.attidentity::text = 'a' AS identity_always,
            pg_get_expr(d.adbin, d.adrelid) AS default_expr
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname, a.attnum`,
  );
  const keys = await q.query<{ table_name: string; column_name: string }>(
    `SELECT c.relname::text AS table_name, a.attname::text AS column_name
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k (attnum, position)
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE i.indisprimary AND n.nspname = current_schema()
     ORDER BY c.relname, k.position`,
  );
  const references = await q.query<{ table_name: string; referenced: string }>(
    `SELECT DISTINCT c.relname::text AS table_name, r.relname::text AS referenced
     FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid
     JOIN pg_class r ON r.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema() AND r.relnamespace = n.oid`,
  );
  const sequences = await q.query<{ table_name: string; column_name: string; sequence_name: string }>(
    `SELECT c.relname::text AS table_name, a.attname::text AS column_name, s.relname::text AS sequence_name
     FROM pg_depend d
     JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
     JOIN pg_class c ON c.oid = d.refobjid
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.oid = s.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.refobjsubid
     WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
       AND d.deptype IN ('a', 'i') AND n.nspname = current_schema()
     ORDER BY 1, 2`,
  );
  const shape: Shape = new Map();
  for (const c of columns) {
    let table = shape.get(c.table_name);
    if (!table) {
      table = { name: c.table_name, columns: [], primaryKey: [], references: [], sequences: [] };
      shape.set(c.table_name, table);
    }
    table.columns.push({
      name: c.column_name,
      type: c.type,
      generated: c.generated,
      identityAlways: c.identity_always,
      timeDefault: c.default_expr !== null && TIME_DEFAULT.test(c.default_expr),
    });
  }
  for (const k of keys) shape.get(k.table_name)?.primaryKey.push(k.column_name);
  for (const r of references) shape.get(r.table_name)?.references.push(r.referenced);
  for (const s of sequences) shape.get(s.table_name)?.sequences.push({ column: s.column_name, sequence: s.sequence_name });
  return shape;
}

/** What differs between two schemas in the tables and columns a row copy depends on (names, types, generated). */
function compareShapes(a: Shape, b: Shape, aLabel: string, bLabel: string): string[] {
  const problems: string[] = [];
  for (const name of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const ta = a.get(name);
    const tb = b.get(name);
    if (!ta || !tb) {
      problems.push(`table ${name} is in ${ta ? aLabel : bLabel} but not in ${ta ? bLabel : aLabel}`);
      continue;
    }
    const columnsB = new Map(tb.columns.map((c) => [c.name, c]));
    for (const ca of ta.columns) {
      const cb = columnsB.get(ca.name);
      columnsB.delete(ca.name);
      if (!cb) problems.push(`column ${name}.${ca.name} is in ${aLabel} but not in ${bLabel}`);
      else if (ca.type !== cb.type || ca.generated !== cb.generated) {
        problems.push(`column ${name}.${ca.name} is ${ca.type} in ${aLabel} but ${cb.type} in ${bLabel}`);
      }
    }
    for (const cb of columnsB.values()) problems.push(`column ${name}.${cb.name} is in ${bLabel} but not in ${aLabel}`);
  }
  return problems;
}

/** Tables ordered so every table comes after the tables its foreign keys point to (by name among equals). */
function dependencyOrder(shape: Shape): Table[] {
  const order: Table[] = [];
  const placed = new Set<string>();
  let remaining = [...shape.values()].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    // A reference to itself orders rows within the table, which the primary-key order handles for serial ids.
    const ready = remaining.filter((t) => t.references.every((r) => r === t.name || placed.has(r) || !shape.has(r)));
    if (ready.length === 0) {
      throw new BackupError(
        `The tables ${remaining.map((t) => t.name).join(', ')} refer to each other in a circle, so their rows cannot be loaded one table after another.`,
      );
    }
    for (const table of ready) {
      order.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((t) => !placed.has(t.name));
  }
  return order;
}

/**
 * Every row of `table` in primary-key order, a batch at a time, as a JSON array
 * made by the database (json_agg). JSON keeps timestamps' microseconds and
 * numbers' digits on either driver, and holds no raw line break.
 */
async function* rowBatches(from: Queryable, table: Table): AsyncGenerator<{ json: string; rows: number }> {
  if (table.primaryKey.length === 0) {
    throw new BackupError(`Table ${table.name} has no primary key, so its rows cannot be read in a stable order.`);
  }
  const name = ident(table.name);
  const key = table.primaryKey.map((c) => `backup_row.${ident(c)}`).join(', ');
  const lastKey = table.primaryKey.map((c) => `backup_last.${ident(c)}`).join(', ');
  let last: string | null = null;
  for (;;) {
    // Keyset paging: the next batch starts after the previous batch's last key, so no batch rescans the ones before.
    const after: string =
      last === null
        ? ''
        : `WHERE (${key}) > (SELECT ${lastKey} FROM json_populate_record(NULL::${name}, $1::json) AS backup_last)`;
    const batch: Batch = await from.one<Batch>(
      `WITH batch AS (
         SELECT json_agg(backup_row ORDER BY ${key}) AS rows
         FROM (SELECT * FROM ${name} AS backup_row ${after} ORDER BY ${key} LIMIT ${BATCH_ROWS}) AS backup_row
       )
       SELECT rows::text AS rows, (rows -> -1)::text AS last, coalesce(json_array_length(rows), 0) AS n FROM batch`,
      last === null ? [] : [last],
    );
    if (batch.n === 0) return;
    yield { json: batch.rows!, rows: batch.n };
    if (batch.n < BATCH_ROWS) return;
    last = batch.last;
  }
}

/** `INSERT INTO <table> (...) SELECT ... FROM json_populate_recordset(...)` for a JSON array of rows passed as `$1`, or written in place of it. */
function insertFromJson(table: Table, qualifiedName: string, json: string): string {
  const columns = table.columns
    .filter((c) => !c.generated)
    .map((c) => ident(c.name))
    .join(', ');
  const overriding = table.columns.some((c) => c.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  return `INSERT INTO ${qualifiedName} (${columns})${overriding} SELECT ${columns} FROM json_populate_recordset(NULL::${qualifiedName}, ${json})`;
}

/** Copies every row of `table` from one database to another; returns how many. */
async function copyRows(from: Queryable, to: Queryable, table: Table): Promise<number> {
  const sql = insertFromJson(table, ident(table.name), '$1::json');
  let copied = 0;
  for await (const batch of rowBatches(from, table)) {
    await to.query(sql, [batch.json]);
    copied += batch.rows;
  }
  return copied;
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

interface Batch {
  rows: string | null;
  last: string | null;
  n: number;
}

interface SequencePosition {
  last_value: number;
  is_called: boolean;
}

function sequencePosition(q: Queryable, sequence: string): Promise<SequencePosition> {
  return q.one<SequencePosition>(`SELECT last_value, is_called FROM ${ident(sequence)}`);
}

/** Sets each sequence of `to` where the same column's sequence stands in `from`, so ids handed out before are never handed out again. */
async function copySequencePositions(from: Queryable, fromShape: Shape, to: Queryable, toShape: Shape): Promise<void> {
  for (const table of fromShape.values()) {
    for (const { column, sequence } of table.sequences) {
      const target = toShape.get(table.name)?.sequences.find((s) => s.column === column);
      if (!target) continue;
      const position = await sequencePosition(from, sequence);
      await to.query('SELECT setval($1::regclass, $2, $3)', [ident(target.sequence), position.last_value, position.is_called]);
    }
  }
}

/** Like copySequencePositions, but never behind the largest id now in the table. */
async function moveSequencesPastRows(
  from: Queryable,
  fromShape: Shape,
  to: Queryable,
  toShape: Shape,
  tables: readonly Table[],
): Promise<void> {
  for (const { name } of tables) {
    for (const { column, sequence } of toShape.get(name)?.sequences ?? []) {
      const source = fromShape.get(name)?.sequences.find((s) => s.column === column);
      const position = source ? await sequencePosition(from, source.sequence) : { last_value: 1, is_called: false };
      const { max } = await to.one<{ max: number | null }>(`SELECT max(${ident(column)}) AS max FROM ${ident(name)}`);
      const behind = max !== null && (max > position.last_value || (max === position.last_value && !position.is_called));
      await to.query('SELECT setval($1::regclass, $2, $3)', [
        ident(sequence),
        behind ? max : position.last_value,
        behind ? true : position.is_called,
      ]);
    }
  }
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

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]!.replace(/\.$/, '');
}
