import type { Queryable } from './index.ts';

export type ErrorLogKind = 'render' | 'server' | 'not_found' | 'visitor';

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

const LOG_COLUMNS = 'id, kind, message, stack, component_stack, url, referrer, user_agent, client_timestamp, created_at';

/** Stores one error-log entry (render error, server error, 404 or visitor report) and returns its id. */
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
    `SELECT ${LOG_COLUMNS} FROM error_log WHERE kind = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [kind, limit],
  );
}

export const ERROR_LOG_KINDS: readonly ErrorLogKind[] = ['server', 'render', 'visitor', 'not_found'];

export interface ErrorGroup {
  kind: ErrorLogKind;
  /** The message (render errors, visitor reports) or the path (404s) the entries share. */
  key: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  /** The newest entry of the group. */
  sample: ErrorLogRow;
  /** When someone marked it resolved and nothing has happened since; else null. */
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

/**
 * The entries of `kind` grouped by message or path (migration 014's group_key),
 * the most recent first, with counts, first and last seen, the newest entry as a
 * sample, and whether the group is resolved. Resolved groups come last.
 */
export async function errorGroups(db: Queryable, kind: ErrorLogKind, limit = 50): Promise<ErrorGroup[]> {
  const rows = await db.query<
    ErrorLogRow & {
      group_key: string;
      count: number;
      first_seen: Date;
      last_seen: Date;
      resolved_at: Date | null;
      resolved_by_login: string | null;
    }
  >(
    `WITH groups AS (
       SELECT group_key, count(*)::integer AS count, min(created_at) AS first_seen, max(created_at) AS last_seen, max(id) AS sample_id
       FROM error_log WHERE kind = $1 GROUP BY group_key
     )
     SELECT g.group_key, g.count, g.first_seen, g.last_seen,
            CASE WHEN r.resolved_at >= g.last_seen THEN r.resolved_at END AS resolved_at,
            CASE WHEN r.resolved_at >= g.last_seen THEN r.resolved_by_login END AS resolved_by_login,
            ${LOG_COLUMNS.split(', ')
              .map((c) => `e.${c}`)
              .join(', ')}
     FROM groups g
     JOIN error_log e ON e.id = g.sample_id
     LEFT JOIN error_resolutions r ON r.kind = $1 AND r.group_key = g.group_key
     ORDER BY (r.resolved_at >= g.last_seen) IS TRUE, g.last_seen DESC
     LIMIT $2`,
    [kind, limit],
  );
  return rows.map((row) => ({
    kind,
    key: row.group_key,
    count: row.count,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    sample: row,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by_login,
  }));
}

/** Marks a group resolved now; it shows as open again when it happens after this. False when there is no such group. */
export async function resolveErrorGroup(db: Queryable, kind: ErrorLogKind, key: string, by: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO error_resolutions (kind, group_key, resolved_by_login)
     SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM error_log WHERE kind = $1 AND group_key = $2)
     ON CONFLICT (kind, group_key) DO UPDATE SET resolved_at = now(), resolved_by_login = EXCLUDED.resolved_by_login
     RETURNING kind`,
    [kind, key, by],
  );
  return rows.length > 0;
}

/** Deletes entries (and resolutions) older than `days`; returns how many entries went. */
export async function purgeErrorLog(db: Queryable, days: number): Promise<number> {
  const removed = await db.query(`DELETE FROM error_log WHERE created_at < now() - $1 * interval '1 day' RETURNING id`, [days]);
  await db.query(`DELETE FROM error_resolutions WHERE resolved_at < now() - $1 * interval '1 day'`, [days]);
  return removed.length;
}

/** The newest render errors, server errors and visitor reports together, for the dashboard. */
export function recentReports(db: Queryable, limit = 5): Promise<ErrorLogRow[]> {
  return db.query<ErrorLogRow>(
    `(SELECT ${LOG_COLUMNS} FROM error_log WHERE kind = 'render' ORDER BY created_at DESC LIMIT $1)
     UNION ALL
     (SELECT ${LOG_COLUMNS} FROM error_log WHERE kind = 'server' ORDER BY created_at DESC LIMIT $1)
     UNION ALL
     (SELECT ${LOG_COLUMNS} FROM error_log WHERE kind = 'visitor' ORDER BY created_at DESC LIMIT $1)
     ORDER BY created_at DESC LIMIT $1`,
    [limit],
  );
}
