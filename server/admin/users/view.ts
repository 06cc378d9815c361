/** What the users page draws, and where its forms post. */
import type { FormState } from '../../../lib/admin/forms.ts';
import type { AdminRole } from '../../../lib/admin/sign-in.ts';

export const USERS_API = {
  grant: '/api/admin/users/grant',
  revoke: '/api/admin/users/revoke',
  policy: '/api/admin/users/require-second-factor',
  removeFactor: '/api/admin/users/remove-factor',
  invite: '/api/admin/users/invite',
  removePasskey: '/api/admin/users/remove-passkey',
} as const;

export interface UserRowView {
  login: string;
  name: string | null;
  role: AdminRole;
  roleLabel: string;
  lastSignIn: string;
  factor: string;
  you: boolean;
  /** Invited by a link: signs in with passkeys alone. */
  passkeyOnly: boolean;
  passkeys: { id: string; deviceName: string; created: string; lastUsed: string }[];
}

export interface InvitationView {
  name: string;
  roleLabel: string;
  by: string;
  expires: string;
}

export interface UsersPageView {
  users: UserRowView[];
  invitations: InvitationView[];
  /** The link of the invitation just made, shown once, with ways to send it. */
  invited?: { name: string; link: string; sms: string; mailto: string; expires: string };
  audit: { when: string; text: string }[];
  required: boolean;
  policyText: string;
  form?: FormState;
  saved?: string;
  /** This page's address. */
  usersPath: string;
  /** Right after access was taken: who, and the role that Undo gives back. */
  undo?: { login: string; role: string; roleLabel: string } | null;
}
