/**
 * What the super admins are told about sign-in (migration 020): an account that
 * wrong codes have locked out. The dashboard shows a day of them to super admins.
 */
import type { Queryable } from '../db/index.ts';

/** How long a notice stays on the dashboard. */
export const NOTICE_HOURS = 24;

export interface SignInNotice {
  id: number;
  kind: 'lockout';
  login: string;
  createdAt: Date;
}

/** Records that `userId` is locked out by wrong codes; returns the notice. */
export async function recordLockout(db: Queryable, userId: number): Promise<SignInNotice> {
  const row = await db.one<{ id: number; login: string; created_at: Date }>(
    `INSERT INTO sign_in_notices (kind, user_id, login)
     SELECT 'lockout', id, github_login FROM users WHERE id = $1
     RETURNING id, login, created_at`,
    [userId],
  );
  return { id: row.id, kind: 'lockout', login: row.login, createdAt: row.created_at };
}

/** The notices of the last NOTICE_HOURS, newest first; older ones are swept. */
export async function recentNotices(db: Queryable): Promise<SignInNotice[]> {
  await db.query(`DELETE FROM sign_in_notices WHERE created_at < now() - interval '30 days'`);
  const rows = await db.query<{ id: number; kind: 'lockout'; login: string; created_at: Date }>(
    `SELECT id, kind, login, created_at FROM sign_in_notices
     WHERE created_at > now() - $1 * interval '1 hour' ORDER BY created_at DESC, id DESC LIMIT 20`,
    [NOTICE_HOURS],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, login: r.login, createdAt: r.created_at }));
}

/** Hears of each lockout once it is stored (the push to super admins' phones). */
export type LockoutListener = (notice: SignInNotice) => void;

const listeners = new Set<LockoutListener>();

/** Calls `listener` for every lockout this process records from now on; returns the function that stops it. */
export function onLockout(listener: LockoutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners of a stored lockout. */
export function announceLockout(notice: SignInNotice): void {
  for (const listener of listeners) listener(notice);
}
