import type { Queryable } from './index.ts';

export type ErrorLogKind = 'render' | 'not_found' | 'visitor';

export interface ErrorLogEntry {
  kind: ErrorLogKind;
  message?: string | null;
  stack?: string | null;
  componentStack?: string | null;
  url?: string | null;
  referrer?: string | null;
  userAgent?: string | null;
  clientTimestamp?: Date | null;
}

export interface ErrorLogRow {
  id: number;
  kind: ErrorLogKind;
  message: string | null;
  stack: string | null;
  component_stack: string | null;
  url: string | null;
  referrer: string | null;
  user_agent: string | null;
  client_timestamp: Date | null;
  created_at: Date;
}

/** Stores one error-log entry (render error, 404 or visitor report) and returns its id. */
export async function insertErrorLog(db: Queryable, entry: ErrorLogEntry): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO error_log (kind, message, stack, component_stack, url, referrer, user_agent, client_timestamp)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id`,
    [
      entry.kind,
      entry.message ?? null,
      entry.stack ?? null,
      entry.componentStack ?? null,
      entry.url ?? null,
      entry.referrer ?? null,
      entry.userAgent ?? null,
      entry.clientTimestamp ?? null,
    ],
  );
  return row.id;
}

/** The newest entries of one kind, newest first (served by the (kind, created_at desc) index). */
export function recentErrorLog(db: Queryable, kind: ErrorLogKind, limit = 50): Promise<ErrorLogRow[]> {
  return db.query<ErrorLogRow>(
    `SELECT id, kind, message, stack, component_stack, url, referrer, user_agent, client_timestamp, created_at
     FROM error_log WHERE kind = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [kind, limit],
  );
}
