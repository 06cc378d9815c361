import type { Queryable } from './index.ts';
import type { Migration } from './migrate.ts';
import { BackupError } from './backup-error.ts';

// Columns that a fresh migration fills with the time it ran: they differ between two fresh databases.
const TIME_DEFAULT =
  /\b(?:now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday)\s*\(|\bCURRENT_(?:TIMESTAMP|DATE|TIME)\b|\bLOCAL(?:TIMESTAMP|TIME)\b/i;

export interface Column {
  name: string;
  type: string;
  generated: boolean;
  identityAlways: boolean;
  timeDefault: boolean;
}

export interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** Tables in the same schema this one has foreign keys to. */
  references: string[];
  /** Sequences owned by a column (serial, identity). */
  sequences: { column: string; sequence: string }[];
}

export type Shape = Map<string, Table>;

export interface MigrationRow {
  version: number;
  name: string;
}

export function migrationRows(q: Queryable): Promise<MigrationRow[]> {
  return q.query<MigrationRow>('SELECT version, name FROM schema_migrations ORDER BY version');
}

/** The first recorded migration this code does not have (unknown version, or a known version under another name). */
export function unknownMigration(rows: readonly MigrationRow[], migrations: readonly Migration[]): MigrationRow | undefined {
  return rows.find((row) => !migrations.some((m) => m.version === row.version && m.name === row.name));
}

export function sameMigrations(a: readonly MigrationRow[], b: readonly MigrationRow[]): boolean {
  return listMigrations(a) === listMigrations(b);
}

export function listMigrations(rows: readonly MigrationRow[]): string {
  return rows.map((r) => `${r.version}_${r.name}`).join(', ');
}

/** Tables, columns, primary keys, foreign keys and owned sequences of the current schema, from the catalogs (the same on PGlite and PostgreSQL). */
export async function describeSchema(q: Queryable): Promise<Shape> {
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
export function compareShapes(a: Shape, b: Shape, aLabel: string, bLabel: string): string[] {
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
export function dependencyOrder(shape: Shape): Table[] {
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

export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
