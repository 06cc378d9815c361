/**
 * Who is signed in to the admin, and where signing in and out happens: the roles, the
 * sign-in APIs and the answer of `/api/me`. Shared by the server's sign-in routes, the
 * admin's views and the admin script.
 */
export type AdminRole = 'admin' | 'super_admin';

/** A role as the admin names it to people: plain words, the stored values unchanged. */
export const ROLE_LABELS: Record<AdminRole, string> = { admin: 'Office staff', super_admin: 'Owner (full access)' };

export const SIGN_IN_PATH = '/api/auth/github/start';

export const SIGN_OUT_PATH = '/api/auth/sign-out';

/** Passkey sign-in and invitations: open APIs (no session yet), same-origin JSON only. */
export const PASSKEY_API = {
  signInOptions: '/api/auth/passkey/sign-in/options',
  signIn: '/api/auth/passkey/sign-in',
  invitationOptions: '/api/auth/passkey/invitation/options',
  invitation: '/api/auth/passkey/invitation',
} as const;

export type LoginMessage = { kind: 'error' | 'info'; title: string; text: string };

export interface MeAnswer {
  ok: true;
  user: { login: string; name: string | null; avatarUrl: string | null };
  role: AdminRole;
  session: { expiresAt: string; absoluteExpiresAt: string };
}
