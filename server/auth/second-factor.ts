/**
 * The second factor (docs/decisions/013-admin-workbench.md): one TOTP authenticator per user, made by `otpauth`, that counts only
 * once a code has verified it; ten single-use recovery codes stored as SHA-256;
 * wrong codes rate-limited in the database, so every instance counts them together.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db, Queryable } from '../db/index.ts';
import { announceLockout, recordLockout } from './notices.ts';
import { hashSecret } from './store.ts';

export type FactorStatus = 'none' | 'unverified' | 'verified';

/** Wrong codes allowed per user in FAILURE_WINDOW_MINUTES; the next is refused until the window moves on. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;

const PERIOD_SECONDS = 30;
/** A code from the step before or after is accepted too: phones' clocks drift. */
const WINDOW_STEPS = 1;

function totpFor(secret: string, issuer: string, login: string): TOTP {
  return new TOTP({
    issuer,
    label: login,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random TOTP secret (160 bits, base32: 32 characters). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, login: string): string {
  return totpFor(secret, issuer, login).toString();
}

/** The QR code of `uri` as SVG markup (paths only: no script, no text), drawn by the `qrcode` library. */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The code an authenticator shows at `at`; for tests. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpFor(secret, 'x', 'x').generate({ timestamp: at.getTime() });
}

/** The TOTP time step `code` belongs to (within one step of now), or null when it is not a valid code. */
export function matchingStep(secret: string, code: string, now: Date = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

// Crockford-like base32 without look-alikes, grouped 5-5: easy to copy by hand.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** Upper-cased, separators removed: `abcde-fghjk` and `ABCDEFGHJK` are the same code. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let text = '';
  for (const byte of bytes) text += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export interface Factor {
  status: Exclude<FactorStatus, 'none'>;
  secret: string;
  verifiedAt: Date | null;
}

export async function factorOf(db: Queryable, userId: number): Promise<Factor | null> {
  const row = await db.maybeOne<{ status: Factor['status']; secret: string; verified_at: Date | null }>(
    'SELECT status, secret, verified_at FROM totp_factors WHERE user_id = $1',
    [userId],
  );
  return row ? { status: row.status, secret: row.secret, verifiedAt: row.verified_at } : null;
}

/** The factor's status for the user: only `verified` counts. */
export async function factorStatus(db: Queryable, userId: number): Promise<FactorStatus> {
  return (await factorOf(db, userId))?.status ?? 'none';
}

/**
 * Starts (or starts again) an enrolment: a new unverified factor with a new secret.
 * A verified factor is never replaced this way: it must be removed first.
 */
export async function startEnrolment(db: Db, userId: number): Promise<{ ok: true; secret: string } | { ok: false }> {
  const secret = newTotpSecret();
  const row = await db.maybeOne(
    `INSERT INTO totp_factors (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now(), last_step = NULL
       WHERE totp_factors.status = 'unverified'
     RETURNING user_id`,
    [userId, secret],
  );
  return row ? { ok: true, secret } : { ok: false };
}

export type CodeCheck =
  | { ok: true; recoveryCodes?: string[]; usedRecoveryCode?: boolean; recoveryCodesLeft?: number }
  | { ok: false; reason: 'wrong' | 'too-many' | 'no-factor' };

async function tooManyFailures(tx: Queryable, userId: number): Promise<boolean> {
  const { failures } = await tx.one<{ failures: number }>(
    `SELECT count(*) AS failures FROM second_factor_failures
     WHERE user_id = $1 AND failed_at > now() - $2 * interval '1 minute'`,
    [userId, FAILURE_WINDOW_MINUTES],
  );
  return failures >= MAX_FAILURES;
}

/**
 * Counts a wrong code. The one that reaches MAX_FAILURES locks the account out, and
 * the super admins are told: someone may be guessing, or the real person is stuck.
 * (Later codes in the window are refused before they are counted, so this happens once.)
 */
async function recordFailure(db: Db, userId: number): Promise<void> {
  const notice = await db.transaction(async (tx) => {
    await tx.query(
      `WITH old AS (DELETE FROM second_factor_failures WHERE user_id = $1 AND failed_at < now() - $2 * interval '1 minute')
       INSERT INTO second_factor_failures (user_id) VALUES ($1)`,
      [userId, FAILURE_WINDOW_MINUTES],
    );
    return (await tooManyFailures(tx, userId)) ? recordLockout(tx, userId) : null;
  });
  if (notice) announceLockout(notice);
}

/** Uses the TOTP code once: a step used before (the same code replayed) is refused. */
async function useCode(tx: Queryable, userId: number, factor: Factor, code: string, now: Date): Promise<boolean> {
  const step = matchingStep(factor.secret, code, now);
  if (step === null) return false;
  const updated = await tx.maybeOne(
    `UPDATE totp_factors SET last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING user_id`,
    [userId, step],
  );
  return updated !== null;
}

async function replaceRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  const params: unknown[] = [userId];
  const values = codes.map((code) => {
    params.push(hashSecret(normaliseRecoveryCode(code)));
    return `($1, $${params.length})`;
  });
  await tx.query(`INSERT INTO recovery_codes (user_id, code_hash) VALUES ${values.join(', ')}`, params);
  return codes;
}

/** The user's factor, locked until the transaction ends, so two codes checked at once cannot both count. */
function lockedFactor(tx: Queryable, userId: number) {
  return tx.maybeOne<{ status: Factor['status']; secret: string }>(
    'SELECT status, secret FROM totp_factors WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
}

/**
 * Finishes an enrolment: a right code makes the factor `verified` and returns ten
 * new recovery codes, to be shown once (only their hashes are kept).
 */
export async function verifyEnrolment(db: Db, userId: number, code: string, now = new Date()): Promise<CodeCheck> {
  const result = await db.transaction<CodeCheck>(async (tx) => {
    if (await tooManyFailures(tx, userId)) return { ok: false, reason: 'too-many' };
    const factor = await lockedFactor(tx, userId);
    if (!factor || factor.status !== 'unverified') return { ok: false, reason: 'no-factor' };
    if (!(await useCode(tx, userId, { ...factor, verifiedAt: null }, code.trim(), now))) return { ok: false, reason: 'wrong' };
    await tx.query(`UPDATE totp_factors SET status = 'verified', verified_at = now() WHERE user_id = $1`, [userId]);
    return { ok: true, recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
  if (!result.ok && result.reason === 'wrong') await recordFailure(db, userId);
  return result;
}

/**
 * The sign-in challenge: a code from the verified factor, or one of the recovery
 * codes (each works once). An unverified factor is ignored: it proves nothing.
 */
export async function checkSecondFactor(db: Db, userId: number, input: string, now = new Date()): Promise<CodeCheck> {
  const result = await db.transaction<CodeCheck>(async (tx) => {
    if (await tooManyFailures(tx, userId)) return { ok: false, reason: 'too-many' };
    const factor = await lockedFactor(tx, userId);
    if (!factor || factor.status !== 'verified') return { ok: false, reason: 'no-factor' };
    const code = input.trim();
    if (/^\d{6}$/.test(code)) {
      return (await useCode(tx, userId, { ...factor, verifiedAt: null }, code, now))
        ? { ok: true }
        : { ok: false, reason: 'wrong' };
    }
    const used = await tx.maybeOne(
      `UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [userId, hashSecret(normaliseRecoveryCode(code))],
    );
    if (!used) return { ok: false, reason: 'wrong' };
    const { left } = await tx.one<{ left: number }>(
      'SELECT count(*) AS left FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return { ok: true, usedRecoveryCode: true, recoveryCodesLeft: left };
  });
  if (!result.ok && result.reason === 'wrong') await recordFailure(db, userId);
  return result;
}

/** Recovery codes not used yet. */
export async function recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  return (
    await db.one<{ left: number }>('SELECT count(*) AS left FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId])
  ).left;
}

/**
 * Removes the user's factor and recovery codes. Their sessions forget that they
 * passed it, so a required second factor is asked for again at once. True when there was one.
 */
export async function removeFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await tx.query('UPDATE sessions SET second_factor_at = NULL WHERE user_id = $1', [userId]);
    return (await tx.query('DELETE FROM totp_factors WHERE user_id = $1 RETURNING user_id', [userId])).length > 0;
  });
}

/** Whether a super_admin requires a verified second factor of every admin. */
export async function secondFactorRequired(db: Queryable): Promise<boolean> {
  return (await db.one<{ required: boolean }>('SELECT require_second_factor AS required FROM admin_policy')).required;
}

export async function setSecondFactorRequired(db: Queryable, required: boolean, by: string): Promise<{ changed: boolean }> {
  const rows = await db.query(
    `UPDATE admin_policy SET require_second_factor = $1, updated_at = now(), updated_by_login = $2
     WHERE require_second_factor <> $1 RETURNING id`,
    [required, by],
  );
  return { changed: rows.length > 0 };
}

export async function secondFactorPolicy(
  db: Queryable,
): Promise<{ required: boolean; updatedAt: Date; updatedBy: string | null }> {
  const row = await db.one<{ required: boolean; updated_at: Date; updated_by_login: string | null }>(
    'SELECT require_second_factor AS required, updated_at, updated_by_login FROM admin_policy',
  );
  return { required: row.required, updatedAt: row.updated_at, updatedBy: row.updated_by_login };
}

/** The factor status of each of `userIds` (absent: none). */
export async function factorStatuses(db: Queryable, userIds: readonly number[]): Promise<Map<number, FactorStatus>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.query<{ user_id: number; status: FactorStatus }>(
    'SELECT user_id, status FROM totp_factors WHERE user_id = ANY($1::bigint[])',
    [[...userIds]],
  );
  return new Map(rows.map((r) => [r.user_id, r.status]));
}
