/**
 * Passkeys (docs/decisions/059-passkeys-and-invitations.md), on `@simplewebauthn/server`:
 * the options handed to the browser, the checks of what it sends back, and the
 * passkeys, challenges and audit rows of migration 021 (invitations: invitations.ts). User
 * verification (Face ID, fingerprint, screen lock) is required every time, so a
 * passkey sign-in is also the second factor.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db, Queryable } from '../db/index.ts';
import { hashSecret, roleOf, USER_COLUMNS, toUser, type Role, type User, type UserRow } from './store.ts';

/** A challenge is good for this long, and once. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = 'sign-in' | 'invitation' | 'add';

/** The relying party: the site's host name and origin, both from SITE_URL. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(siteUrl: string, name: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name };
}

export type AuditKind =
  'passkey-sign-in' | 'passkey-refused' | 'passkey-added' | 'passkey-removed' | 'invitation-created' | 'invitation-used';

export async function audit(
  db: Queryable,
  entry: { kind: AuditKind; actor?: string | null; subject?: string | null; detail?: string | null; address?: string | null },
): Promise<void> {
  await db.query('INSERT INTO auth_audit (kind, actor_login, subject_login, detail, address) VALUES ($1, $2, $3, $4, $5)', [
    entry.kind,
    entry.actor ?? null,
    entry.subject ?? null,
    entry.detail?.slice(0, 300) ?? null,
    entry.address ?? null,
  ]);
}

export interface AuditEntry {
  kind: AuditKind;
  actor: string | null;
  subject: string | null;
  detail: string | null;
  at: Date;
}

export async function recentAudit(db: Queryable, limit = 15): Promise<AuditEntry[]> {
  const rows = await db.query<{
    kind: AuditKind;
    actor_login: string | null;
    subject_login: string | null;
    detail: string | null;
    created_at: Date;
  }>('SELECT kind, actor_login, subject_login, detail, created_at FROM auth_audit ORDER BY created_at DESC, id DESC LIMIT $1', [
    limit,
  ]);
  return rows.map((r) => ({ kind: r.kind, actor: r.actor_login, subject: r.subject_login, detail: r.detail, at: r.created_at }));
}

/** Keeps a challenge handed to the browser, for `consumeChallenge` to accept once. */
export async function saveChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  owner: { userId?: number; invitationId?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM webauthn_challenges WHERE expires_at < now() - interval '1 hour'`);
    await tx.query(
      `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, invitation_id, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
      [hashSecret(challenge), purpose, owner.userId ?? null, owner.invitationId ?? null, CHALLENGE_TTL_MS],
    );
  });
}

/**
 * The check `@simplewebauthn/server` calls with the challenge the browser signed:
 * true once for a live challenge of this purpose and owner, then never again.
 */
function consumeChallenge(db: Queryable, purpose: ChallengePurpose, owner: { userId?: number; invitationId?: number }) {
  return async (challenge: string): Promise<boolean> => {
    const row = await db.maybeOne(
      `UPDATE webauthn_challenges SET used_at = now()
       WHERE challenge_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
         AND user_id IS NOT DISTINCT FROM $3 AND invitation_id IS NOT DISTINCT FROM $4
       RETURNING challenge_hash`,
      [hashSecret(challenge), purpose, owner.userId ?? null, owner.invitationId ?? null],
    );
    return row !== null;
  };
}

export interface Passkey {
  credentialId: string;
  userId: number;
  deviceName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  credential_id: string;
  user_id: number;
  public_key: string;
  sign_count: number;
  transports: string | null;
  device_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toPasskey = (r: PasskeyRow): Passkey => ({
  credentialId: r.credential_id,
  userId: r.user_id,
  deviceName: r.device_name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

/** Every passkey of these users, oldest first. */
export async function passkeysOf(db: Queryable, userIds: readonly number[]): Promise<Passkey[]> {
  if (userIds.length === 0) return [];
  const rows = await db.query<PasskeyRow>(
    'SELECT * FROM passkeys WHERE user_id = ANY($1::bigint[]) ORDER BY created_at, credential_id',
    [[...userIds]],
  );
  return rows.map(toPasskey);
}

/** A device name as typed, cleaned: printable, at most 80 characters; a default when empty. */
export function cleanDeviceName(name: string | undefined, fallback = 'Passkey'): string {
  const printable = [...(name ?? '')]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim();
  return (printable || fallback).slice(0, 80);
}

const REGISTRATION_SELECTION = { residentKey: 'required', userVerification: 'required' } as const;

export async function registrationOptions(
  rp: RelyingParty,
  user: { login: string; name: string },
  exclude: { id: string; transports?: AuthenticatorTransport[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.login,
    userDisplayName: user.name,
    attestationType: 'none',
    authenticatorSelection: REGISTRATION_SELECTION,
    excludeCredentials: exclude,
    timeout: CHALLENGE_TTL_MS,
  });
}

type Verified = Extract<Awaited<ReturnType<typeof verifyRegistrationResponse>>, { verified: true }>['registrationInfo'];

export async function checkRegistration(
  db: Db,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  purpose: ChallengePurpose,
  owner: { userId?: number; invitationId?: number },
): Promise<Verified | null> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: consumeChallenge(db, purpose, owner),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    return result.verified ? result.registrationInfo : null;
  } catch {
    return null;
  }
}

export async function insertPasskey(tx: Queryable, userId: number, info: Verified, deviceName: string): Promise<void> {
  await tx.query(
    `INSERT INTO passkeys (credential_id, user_id, public_key, sign_count, transports, device_name)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      info.credential.id,
      userId,
      isoBase64URL.fromBuffer(info.credential.publicKey),
      info.credential.counter,
      info.credential.transports?.join(',') ?? null,
      deviceName,
    ],
  );
}

/** Options to add a passkey to a signed-in user (a GitHub user, or a second device). */
export async function addPasskeyOptions(db: Db, rp: RelyingParty, user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, [user.id]);
  const options = await registrationOptions(
    rp,
    { login: user.login, name: user.name ?? user.login },
    existing.map((p) => ({ id: p.credentialId })),
  );
  await saveChallenge(db, options.challenge, 'add', { userId: user.id });
  return options;
}

export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  user: User,
  response: RegistrationResponseJSON,
  deviceName: string,
): Promise<Passkey | null> {
  const info = await checkRegistration(db, rp, response, 'add', { userId: user.id });
  if (!info) return null;
  return db.transaction(async (tx) => {
    await insertPasskey(tx, user.id, info, deviceName);
    await audit(tx, { kind: 'passkey-added', actor: user.login, subject: user.login, detail: deviceName });
    return toPasskey(await tx.one<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = $1', [info.credential.id]));
  });
}

/** Options for a sign-in with any passkey of this site (discoverable, so the browser can offer them in autofill). */
export async function signInOptions(db: Db, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
  await saveChallenge(db, options.challenge, 'sign-in', {});
  return options;
}

/**
 * Options for the second factor of a GitHub sign-in: one of this user's own passkeys, with user
 * verification. The challenge is tied to the user, so only their passkey can answer it.
 */
export async function secondFactorOptions(
  db: Db,
  rp: RelyingParty,
  userId: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = await db.query<{ credential_id: string; transports: string | null }>(
    'SELECT credential_id, transports FROM passkeys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: own.map((p) => ({
      id: p.credential_id,
      transports: (p.transports?.split(',') as AuthenticatorTransport[] | undefined) ?? undefined,
    })),
  });
  await saveChallenge(db, options.challenge, 'sign-in', { userId });
  return options;
}

export type SignInResult =
  { ok: true; user: User; role: Role | null } | { ok: false; reason: 'unknown-passkey' | 'not-verified' };

/**
 * Checks a passkey sign-in: a passkey we know, a live challenge used once, our
 * origin and RP id, user verification, and a signature counter that did not go back.
 * With `userId` (the second factor of a GitHub sign-in) the passkey must be that user's,
 * answering a challenge made for them by `secondFactorOptions`.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  userId?: number,
): Promise<SignInResult> {
  const row = await db.maybeOne<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = $1', [String(response.id ?? '')]);
  if (!row || (userId !== undefined && Number(row.user_id) !== userId)) return { ok: false, reason: 'unknown-passkey' };
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: consumeChallenge(db, 'sign-in', userId === undefined ? {} : { userId }),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: isoBase64URL.toBuffer(row.public_key),
        counter: Number(row.sign_count),
        transports: (row.transports?.split(',') as AuthenticatorTransport[] | undefined) ?? undefined,
      },
    });
  } catch {
    return { ok: false, reason: 'not-verified' };
  }
  if (!verified.verified || !verified.authenticationInfo.userVerified) return { ok: false, reason: 'not-verified' };
  await db.query('UPDATE passkeys SET sign_count = $2, last_used_at = now() WHERE credential_id = $1', [
    row.credential_id,
    verified.authenticationInfo.newCounter,
  ]);
  const user = await db.one<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [row.user_id]);
  return { ok: true, user: toUser(user), role: await roleOf(db, row.user_id) };
}

/** Thrown when removing a passkey would leave the last super admin with no way in. */
export class LastWayInError extends Error {
  constructor(login: string) {
    super(
      `That is the last way in of @${login}, the only owner (full access): add another passkey or give someone else full access first.`,
    );
    this.name = 'LastWayInError';
  }
}

/**
 * Removes one passkey. Refused when it is the only way in of the only super admin
 * (their last passkey, and no GitHub account). Returns the removed passkey, or null.
 */
export async function removePasskey(db: Db, credentialId: string, by: string): Promise<(Passkey & { login: string }) | null> {
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<PasskeyRow & { login: string; passkey_only: boolean; role: Role | null }>(
      `SELECT p.*, u.github_login AS login, u.passkey_only, r.role
       FROM passkeys p JOIN users u ON u.id = p.user_id LEFT JOIN user_roles r ON r.user_id = u.id
       WHERE p.credential_id = $1 FOR UPDATE OF p`,
      [credentialId],
    );
    if (!row) return null;
    if (row.role === 'super_admin' && row.passkey_only) {
      const supers = await tx.query<{ user_id: number }>(
        `SELECT user_id FROM user_roles WHERE role = 'super_admin' ORDER BY user_id FOR UPDATE`,
      );
      const { left } = await tx.one<{ left: number }>('SELECT count(*)::int AS left FROM passkeys WHERE user_id = $1', [
        row.user_id,
      ]);
      if (supers.length === 1 && left === 1) throw new LastWayInError(row.login);
    }
    await tx.query('DELETE FROM passkeys WHERE credential_id = $1', [credentialId]);
    await audit(tx, { kind: 'passkey-removed', actor: by, subject: row.login, detail: row.device_name });
    return { ...toPasskey(row), login: row.login };
  });
}
