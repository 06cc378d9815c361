import type { Queryable } from './index.ts';
import { BackupError } from './backup-error.ts';
import { ident, type Shape, type Table } from './schema-shape.ts';

// Rows per read and per INSERT while copying: a few MB of JSON at most, and few round trips.
const BATCH_ROWS = 1000;

/**
 * Every row of `table` in primary-key order, a batch at a time, as a JSON array
 * made by the database (json_agg). JSON keeps timestamps' microseconds and
 * numbers' digits on either driver, and holds no raw line break.
 */
export async function* rowBatches(from: Queryable, table: Table): AsyncGenerator<{ json: string; rows: number }> {
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
export function insertFromJson(table: Table, qualifiedName: string, json: string): string {
  const columns = table.columns
    .filter((c) => !c.generated)
    .map((c) => ident(c.name))
    .join(', ');
  const overriding = table.columns.some((c) => c.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  return `INSERT INTO ${qualifiedName} (${columns})${overriding} SELECT ${columns} FROM json_populate_recordset(NULL::${qualifiedName}, ${json})`;
}

/** Copies every row of `table` from one database to another; returns how many. */
export async function copyRows(from: Queryable, to: Queryable, table: Table): Promise<number> {
  const sql = insertFromJson(table, ident(table.name), '$1::json');
  let copied = 0;
  for await (const batch of rowBatches(from, table)) {
    await to.query(sql, [batch.json]);
    copied += batch.rows;
  }
  return copied;
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

export function sequencePosition(q: Queryable, sequence: string): Promise<SequencePosition> {
  return q.one<SequencePosition>(`SELECT last_value, is_called FROM ${ident(sequence)}`);
}

/** Sets each sequence of `to` where the same column's sequence stands in `from`, so ids handed out before are never handed out again. */
export async function copySequencePositions(from: Queryable, fromShape: Shape, to: Queryable, toShape: Shape): Promise<void> {
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
export async function moveSequencesPastRows(
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
