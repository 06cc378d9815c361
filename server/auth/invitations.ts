/**
 * Invitations by link (docs/decisions/059-passkeys-and-invitations.md): a super admin
 * names a person and a role, and the person accepts by creating a passkey, which
 * makes them a passkey-only user with that role.
 */
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db, Queryable } from '../db/index.ts';
import { audit, checkRegistration, insertPasskey, registrationOptions, saveChallenge, type RelyingParty } from './passkeys.ts';
import { hashSecret, looksLikeSecret, randomSecret, USER_COLUMNS, toUser, type Role, type User, type UserRow } from './store.ts';

/** An invitation link works for this long, and once. */
export const INVITATION_TTL_HOURS = 72;

export interface Invitation {
  id: number;
  name: string;
  role: Role;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

interface InvitationRow {
  id: number;
  name: string;
  role: Role;
  created_by_login: string;
  created_at: Date;
  expires_at: Date;
}

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  name: r.name,
  role: r.role,
  createdBy: r.created_by_login,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

/** A new invitation: the token goes into the link and is never stored (its hash is). */
export async function createInvitation(
  db: Db,
  invite: { name: string; role: Role; by: string },
): Promise<{ token: string; invitation: Invitation }> {
  const token = randomSecret();
  const row = await db.transaction(async (tx) => {
    const created = await tx.one<InvitationRow>(
      `INSERT INTO invitations (token_hash, name, role, created_by_login, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 hour') RETURNING *`,
      [hashSecret(token), invite.name, invite.role, invite.by, INVITATION_TTL_HOURS],
    );
    await audit(tx, { kind: 'invitation-created', actor: invite.by, subject: invite.name, detail: `role ${invite.role}` });
    return created;
  });
  return { token, invitation: toInvitation(row) };
}

export type InvitationLookup = { ok: true; invitation: Invitation } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** The invitation a link's token names, if it can still be used. */
export async function findInvitation(db: Queryable, token: string | undefined): Promise<InvitationLookup> {
  if (!looksLikeSecret(token)) return { ok: false, reason: 'unknown' };
  const row = await db.maybeOne<InvitationRow & { used: boolean; live: boolean }>(
    'SELECT *, used_at IS NOT NULL AS used, expires_at > now() AS live FROM invitations WHERE token_hash = $1',
    [hashSecret(token)],
  );
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used) return { ok: false, reason: 'used' };
  if (!row.live) return { ok: false, reason: 'expired' };
  return { ok: true, invitation: toInvitation(row) };
}

/** Invitations not used yet and not expired, newest first. */
export async function openInvitations(db: Queryable): Promise<Invitation[]> {
  const rows = await db.query<InvitationRow>(
    'SELECT * FROM invitations WHERE used_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id DESC',
  );
  return rows.map(toInvitation);
}

/** A login for someone invited by name: its letters and digits, hyphenated, unique among passkey users. */
async function loginForName(tx: Queryable, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 40) || 'staff';
  const taken = new Set(
    (
      await tx.query<{ login: string }>(
        `SELECT lower(github_login) AS login FROM users WHERE lower(github_login) LIKE $1 || '%'`,
        [base],
      )
    ).map((r) => r.login),
  );
  let login = base;
  for (let n = 2; taken.has(login); n++) login = `${base}-${n}`;
  return login;
}

export async function invitationOptions(
  db: Db,
  rp: RelyingParty,
  invitation: Invitation,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await registrationOptions(rp, { login: invitation.name, name: invitation.name }, []);
  await saveChallenge(db, options.challenge, 'invitation', { invitationId: invitation.id });
  return options;
}

export type InvitationResult =
  { ok: true; user: User; role: Role } | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'not-verified' };

/**
 * Accepts an invitation with the passkey the invitee just created: the invitation
 * is used up, a passkey-only user gets its role, and the passkey is theirs.
 */
export async function acceptInvitation(
  db: Db,
  rp: RelyingParty,
  token: string,
  response: RegistrationResponseJSON,
  deviceName: string,
): Promise<InvitationResult> {
  const found = await findInvitation(db, token);
  if (!found.ok) return found;
  const info = await checkRegistration(db, rp, response, 'invitation', { invitationId: found.invitation.id });
  if (!info) return { ok: false, reason: 'not-verified' };
  return db.transaction<InvitationResult>(async (tx) => {
    // Used once: of two acceptances racing, only one gets the row.
    const claimed = await tx.maybeOne<InvitationRow>(
      `UPDATE invitations SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING *`,
      [found.invitation.id],
    );
    if (!claimed) return { ok: false, reason: 'used' };
    const login = await loginForName(tx, claimed.name);
    const row = await tx.one<UserRow>(
      `INSERT INTO users (github_login, name, passkey_only) VALUES ($1, $2, true) RETURNING ${USER_COLUMNS.replace(/u\./g, '')}`,
      [login, claimed.name],
    );
    await tx.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [row.id, claimed.role]);
    await tx.query('UPDATE invitations SET user_id = $2 WHERE id = $1', [claimed.id, row.id]);
    await insertPasskey(tx, row.id, info, deviceName);
    await audit(tx, { kind: 'invitation-used', actor: login, subject: login, detail: `invited by @${claimed.created_by_login}` });
    return { ok: true, user: toUser(row), role: claimed.role };
  });
}
