/**
 * The admin's users, roles, sessions and sign-in states (migration 012), on PGlite
 * and PostgreSQL alike. Times are the database's `now()`, so several instances agree.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';

export const ROLES = ['admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** GitHub logins: letters, digits, hyphens (and underscores for managed accounts). */
export const GITHUB_LOGIN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export interface User {
  id: number;
  githubId: number | null;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** Invited by a link: signs in with passkeys alone, has no GitHub account. */
  passkeyOnly: boolean;
}

export interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
}

export interface UserRow {
  id: number;
  github_id: number | null;
  github_login: string;
  name: string | null;
  avatar_url: string | null;
  created_at: Date;
  last_sign_in_at: Date | null;
  passkey_only: boolean;
}

export const USER_COLUMNS =
  'u.id, u.github_id, u.github_login, u.name, u.avatar_url, u.created_at, u.last_sign_in_at, u.passkey_only';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    githubId: row.github_id,
    login: row.github_login,
    name: row.name,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    passkeyOnly: row.passkey_only,
  };
}

/** SHA-256 in hex: what the tables keep of a session token or an OAuth state. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random secret of 256 bits, URL-safe (43 characters). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** True when `value` has the shape `randomSecret()` makes: anything else is not looked up at all. */
export function looksLikeSecret(value: string | undefined): value is string {
  return value !== undefined && SECRET_SHAPE.test(value);
}

/**
 * Finds or creates our user for a GitHub account: by
 * GitHub id first, then a grant waiting under that login (its github_id still
 * empty), which the account takes over. Name, login and avatar follow GitHub.
 */
export async function upsertGitHubUser(db: Db, account: GitHubUser): Promise<User> {
  return db.transaction(async (tx) => {
    const byId = await tx.maybeOne<{ id: number }>('SELECT id FROM users WHERE github_id = $1 FOR UPDATE', [account.id]);
    const pending = await tx.maybeOne<{ id: number }>(
      'SELECT id FROM users WHERE github_id IS NULL AND NOT passkey_only AND lower(github_login) = lower($1) FOR UPDATE',
      [account.login],
    );
    let id: number;
    if (byId) {
      id = byId.id;
      if (pending) {
        // Granted again by login after the account was known under another one: keep the stronger role.
        await tx.query(
          `INSERT INTO user_roles (user_id, role)
           SELECT $1, role FROM user_roles WHERE user_id = $2
           ON CONFLICT (user_id) DO UPDATE SET role = CASE WHEN EXCLUDED.role = 'super_admin' THEN EXCLUDED.role ELSE user_roles.role END`,
          [id, pending.id],
        );
        await tx.query('DELETE FROM users WHERE id = $1', [pending.id]);
      }
    } else if (pending) {
      id = pending.id;
      await tx.query('UPDATE users SET github_id = $2 WHERE id = $1', [id, account.id]);
    } else {
      id = (
        await tx.one<{ id: number }>('INSERT INTO users (github_id, github_login) VALUES ($1, $2) RETURNING id', [
          account.id,
          account.login,
        ])
      ).id;
    }
    const row = await tx.one<UserRow>(
      `UPDATE users u SET github_login = $2, name = $3, avatar_url = $4 WHERE u.id = $1 RETURNING ${USER_COLUMNS}`,
      [id, account.login, account.name, account.avatarUrl],
    );
    return toUser(row);
  });
}

/** The user's role, or null for none. Throws when the database does (the guard treats that as no role). */
export async function roleOf(db: Queryable, userId: number): Promise<Role | null> {
  const row = await db.maybeOne<{ role: Role }>('SELECT role FROM user_roles WHERE user_id = $1', [userId]);
  return row?.role ?? null;
}

/** 0 for no role, then admin, then super_admin: a higher rank may do more. */
export function roleRank(role: Role | null): number {
  return role === null ? 0 : ROLES.indexOf(role) + 1;
}

export interface GrantResult {
  login: string;
  role: Role;
  previous: Role | null;
  /** False until the person's first sign-in fills in their GitHub id. */
  signedInBefore: boolean;
}

/** The row a login names: a signed-in account before a pending grant, the most recent sign-in first. */
async function userByLogin(tx: Queryable, login: string): Promise<{ id: number; github_id: number | null } | null> {
  return tx.maybeOne<{ id: number; github_id: number | null }>(
    `SELECT id, github_id FROM users WHERE lower(github_login) = lower($1) AND NOT passkey_only
     ORDER BY github_id IS NULL, last_sign_in_at DESC NULLS LAST, id DESC LIMIT 1`,
    [login],
  );
}

export interface RoleChangeOptions {
  /** Refuse to take the super_admin role from the last account that holds it (the admin area's rule; the command line may). */
  keepASuperAdmin?: boolean;
}

/** Thrown when a change would leave nobody able to manage the users. */
export class LastSuperAdminError extends Error {
  constructor(login: string) {
    super(`@${login} is the last owner (full access): give someone else full access first, so somebody can still manage users.`);
    this.name = 'LastSuperAdminError';
  }
}

/**
 * Throws LastSuperAdminError when `login` holds the only super_admin role of a
 * signed-in or pending account. The rows are locked, so two admins demoting each
 * other at once cannot both succeed.
 */
async function refuseLastSuperAdmin(tx: Queryable, login: string): Promise<void> {
  const supers = await tx.query<{ login: string }>(
    `SELECT u.github_login AS login FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE r.role = 'super_admin' ORDER BY r.user_id FOR UPDATE OF r`,
  );
  const others = supers.filter((s) => s.login.toLowerCase() !== login.toLowerCase());
  if (others.length === 0 && supers.length > 0) throw new LastSuperAdminError(login);
}

/**
 * Gives `login` the role, before or after their first sign-in (a user row waiting
 * for it is created). The same login granted again changes the role.
 */
export async function grantRole(db: Db, login: string, role: Role, options: RoleChangeOptions = {}): Promise<GrantResult> {
  if (!GITHUB_LOGIN.test(login)) throw new Error(`"${login}" is not a GitHub login (letters, digits and hyphens).`);
  return db.transaction(async (tx) => {
    const user =
      (await userByLogin(tx, login)) ??
      (await tx.one<{ id: number; github_id: null }>('INSERT INTO users (github_login) VALUES ($1) RETURNING id, github_id', [
        login,
      ]));
    const previous = await roleOf(tx, user.id);
    if (options.keepASuperAdmin && previous === 'super_admin' && role !== 'super_admin') {
      await refuseLastSuperAdmin(tx, login);
    }
    await tx.query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, granted_at = now()`,
      [user.id, role],
    );
    // Stronger rights come with a new token: every session issued under the weaker role ends.
    if (roleRank(role) > roleRank(previous)) await endUserSessions(tx, user.id);
    return { login, role, previous, signedInBefore: user.github_id !== null };
  });
}

/**
 * Takes every role from `login` and ends their sessions. A grant that was
 * waiting for a first sign-in disappears with its row. Returns the roles removed.
 */
export async function revokeRole(db: Db, login: string, options: RoleChangeOptions = {}): Promise<Role[]> {
  return db.transaction(async (tx) => {
    if (options.keepASuperAdmin) await refuseLastSuperAdmin(tx, login);
    const removed = await tx.query<{ user_id: number; role: Role }>(
      `DELETE FROM user_roles r USING users u
       WHERE r.user_id = u.id AND lower(u.github_login) = lower($1) RETURNING r.user_id, r.role`,
      [login],
    );
    const ids = removed.map((row) => row.user_id);
    if (ids.length > 0) await tx.query('DELETE FROM sessions WHERE user_id = ANY($1::bigint[])', [ids]);
    await tx.query('DELETE FROM users WHERE github_id IS NULL AND lower(github_login) = lower($1)', [login]);
    return removed.map((row) => row.role);
  });
}

export interface UserWithRole extends User {
  role: Role | null;
}

/** Every user who holds a role, by login. */
export async function listAdmins(db: Queryable): Promise<UserWithRole[]> {
  const rows = await db.query<UserRow & { role: Role }>(
    `SELECT ${USER_COLUMNS}, r.role FROM user_roles r JOIN users u ON u.id = r.user_id ORDER BY lower(u.github_login), u.id`,
  );
  return rows.map((row) => ({ ...toUser(row), role: row.role }));
}

export interface SessionLimitsMs {
  idleMs: number;
  absoluteMs: number;
}

export interface NewSession {
  /** The cookie's value; only its hash is stored. */
  token: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

/** Starts a session for the user and records the sign-in (`secondFactor`: the sign-in itself was one, as a passkey is). Sessions past their limits are swept at the same time. */
export async function createSession(
  db: Db,
  userId: number,
  limits: SessionLimitsMs,
  options: { secondFactor?: boolean } = {},
): Promise<NewSession> {
  const token = randomSecret();
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM sessions WHERE expires_at <= now()');
    const row = await tx.one<{ expires_at: Date; absolute_expires_at: Date }>(
      `INSERT INTO sessions (token_hash, user_id, expires_at, absolute_expires_at, second_factor_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond', now() + $4 * interval '1 millisecond',
               CASE WHEN $5 THEN now() END)
       RETURNING expires_at, absolute_expires_at`,
      [hashSecret(token), userId, Math.min(limits.idleMs, limits.absoluteMs), limits.absoluteMs, options.secondFactor === true],
    );
    await tx.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [userId]);
    return { token, expiresAt: row.expires_at, absoluteExpiresAt: row.absolute_expires_at };
  });
}

/**
 * Replaces the session's token by a new one, in one transaction: the old token
 * stops working at once (a cookie copied before this step gains nothing from it).
 * The limits carry over; `secondFactor` records that the new one passed it.
 * Null when the old session is gone.
 */
export async function replaceSession(
  db: Db,
  tokenHash: string,
  options: { secondFactor?: boolean } = {},
): Promise<NewSession | null> {
  const token = randomSecret();
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ expires_at: Date; absolute_expires_at: Date }>(
      `WITH old AS (DELETE FROM sessions WHERE token_hash = $1 AND expires_at > now() RETURNING *)
       INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, absolute_expires_at, second_factor_at)
       SELECT $2, user_id, created_at, now(), expires_at, absolute_expires_at,
              CASE WHEN $3 THEN now() ELSE second_factor_at END
       FROM old RETURNING expires_at, absolute_expires_at`,
      [tokenHash, hashSecret(token), options.secondFactor === true],
    );
    return row ? { token, expiresAt: row.expires_at, absoluteExpiresAt: row.absolute_expires_at } : null;
  });
}

export interface ActiveSession {
  user: User;
  /** The SHA-256 of the cookie's token: the session row's key. */
  tokenHash: string;
  /** When this session passed the second factor; null while it has only GitHub's word. */
  secondFactorAt: Date | null;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  /** True when this lookup moved the idle limit forward. */
  renewed: boolean;
}

/** A session is renewed at most this often: each renewal is a write. */
const RENEW_AFTER_MS = 60_000;

/**
 * The live session the token names, renewed (the idle limit moves forward, never
 * past the absolute one), or null when there is none or it has expired.
 */
export async function findSession(db: Db, token: string, limits: SessionLimitsMs): Promise<ActiveSession | null> {
  if (!looksLikeSecret(token)) return null;
  const hash = hashSecret(token);
  const row = await db.maybeOne<
    UserRow & { expires_at: Date; absolute_expires_at: Date; second_factor_at: Date | null; live: boolean; stale: boolean }
  >(
    `SELECT ${USER_COLUMNS}, s.expires_at, s.absolute_expires_at, s.second_factor_at,
            s.expires_at > now() AND s.absolute_expires_at > now() AS live,
            s.last_seen_at < now() - $2 * interval '1 millisecond' AS stale
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
    [hash, RENEW_AFTER_MS],
  );
  if (!row) return null;
  if (!row.live) {
    await db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
    return null;
  }
  let expiresAt = row.expires_at;
  let renewed = false;
  if (row.stale) {
    const updated = await db.maybeOne<{ expires_at: Date }>(
      `UPDATE sessions SET last_seen_at = now(),
         expires_at = LEAST(now() + $2 * interval '1 millisecond', absolute_expires_at)
       WHERE token_hash = $1 RETURNING expires_at`,
      [hash, limits.idleMs],
    );
    if (updated) {
      renewed = updated.expires_at.getTime() > expiresAt.getTime();
      expiresAt = updated.expires_at;
    }
  }
  return {
    user: toUser(row),
    tokenHash: hash,
    secondFactorAt: row.second_factor_at,
    expiresAt,
    absoluteExpiresAt: row.absolute_expires_at,
    renewed,
  };
}

/** Ends every session of the user, on every device ("sign out everywhere"). */
export async function endUserSessions(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId]);
  return rows.length;
}

/** Ends this one session ("sign out on this device"): the account's other devices stay signed in. */
export async function endSession(db: Queryable, token: string): Promise<number> {
  if (!looksLikeSecret(token)) return 0;
  const rows = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING token_hash', [
    hashSecret(token),
  ]);
  return rows.length;
}

/** The user a session token belongs to, expired or not (sign-out ends every session of that user). */
export async function sessionOwner(db: Queryable, token: string): Promise<number | null> {
  if (!looksLikeSecret(token)) return null;
  const row = await db.maybeOne<{ user_id: number }>('SELECT user_id FROM sessions WHERE token_hash = $1', [hashSecret(token)]);
  return row?.user_id ?? null;
}

/** How long a started sign-in stays usable (the state and verifier expire after 10 minutes). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** Records a started sign-in: the state's hash, its PKCE verifier and where to land. Old rows are swept. */
export async function saveOAuthState(
  db: Db,
  state: { state: string; verifier: string; next: string | null },
  ttlMs = OAUTH_STATE_TTL_MS,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM oauth_states WHERE expires_at < now() - interval '1 day'`);
    await tx.query(
      `INSERT INTO oauth_states (state_hash, code_verifier, next_path, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [hashSecret(state.state), state.verifier, state.next, ttlMs],
    );
  });
}

export type ConsumedState =
  { ok: true; verifier: string; next: string | null } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** Uses a state once: the first call gets its verifier, any later one is told it was used. */
export async function consumeOAuthState(db: Db, state: string): Promise<ConsumedState> {
  if (!looksLikeSecret(state)) return { ok: false, reason: 'unknown' };
  const hash = hashSecret(state);
  const used = await db.maybeOne<{ code_verifier: string; next_path: string | null }>(
    `UPDATE oauth_states SET used_at = now()
     WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING code_verifier, next_path`,
    [hash],
  );
  if (used) return { ok: true, verifier: used.code_verifier, next: used.next_path };
  const row = await db.maybeOne<{ used: boolean }>('SELECT used_at IS NOT NULL AS used FROM oauth_states WHERE state_hash = $1', [
    hash,
  ]);
  if (!row) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: row.used ? 'used' : 'expired' };
}
