/**
 * The passkey part of /admin/users (super admins only): inviting someone by a link
 * (single use, 72 hours, carrying the role), the invitations still open, removing
 * one passkey, and the record of passkey sign-ins, invitations and removals.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { ROLE_LABELS } from '../../../lib/admin/sign-in.ts';
import { USERS_API, type UsersPageView } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { createInvitation, openInvitations } from '../../auth/invitations.ts';
import { LastWayInError, recentAudit, removePasskey, type AuditEntry } from '../../auth/passkeys.ts';
import { ROLES } from '../../auth/store.ts';
import type { Db } from '../../db/index.ts';
import type { AdminBuilt, AdminPageDeps } from '../core/deps.ts';
import { officeTime } from '../core/format.ts';
import { actorOf, Refusal, workbenchEndpoint, type AdminContext, type PageWithState } from '../core/workbench.ts';

/** The invitation just made: its link is shown once, on the page that answers the post. */
export type Invited = NonNullable<UsersPageView['invited']>;

/** The address an invitation's link opens. */
export function invitationLink(siteUrl: string, invitationPath: string, token: string): string {
  return `${siteUrl}${invitationPath}?token=${encodeURIComponent(token)}`;
}

function auditText(entry: AuditEntry): string {
  const who = (login: string | null) => (login ? `@${login}` : 'someone');
  switch (entry.kind) {
    case 'passkey-sign-in':
      return `${who(entry.actor)} signed in with a passkey`;
    case 'passkey-refused':
      return `A passkey sign-in was refused${entry.subject ? ` for ${who(entry.subject)}` : ''} (${entry.detail ?? 'not checked'})`;
    case 'passkey-added':
      return `${who(entry.actor)} added a passkey: ${entry.detail ?? ''}`;
    case 'passkey-removed':
      return `${who(entry.actor)} removed ${who(entry.subject)}’s passkey: ${entry.detail ?? ''}`;
    case 'invitation-created': {
      // Stored as "role admin": the record says the role's name as the rest of the page does.
      const role = ROLES.find((r) => entry.detail === `role ${r}`);
      return `${who(entry.actor)} invited ${entry.subject ?? 'someone'}${role ? ` as ${ROLE_LABELS[role]}` : ''}`;
    }
    case 'invitation-used':
      return `${who(entry.actor)} accepted an invitation (${entry.detail ?? ''})`;
  }
}

/** The open invitations, the one just made and the recent record, for the page. */
export async function invitationViews(
  built: AdminBuilt,
  db: Db,
  invited: Invited | undefined,
): Promise<Pick<UsersPageView, 'invitations' | 'invited' | 'audit'>> {
  const [open, record] = await Promise.all([openInvitations(db), recentAudit(db)]);
  return {
    invitations: open.map((i) => ({
      name: i.name,
      roleLabel: ROLE_LABELS[i.role],
      by: i.createdBy,
      expires: officeTime(built, i.expiresAt)!,
    })),
    invited,
    audit: record.map((entry) => ({ when: officeTime(built, entry.at)!, text: auditText(entry) })),
  };
}

export function invitationsPart(
  api: Hono<{ Variables: AdminVariables }>,
  { built, db, env }: AdminPageDeps,
  page: {
    onlySuperAdmin: (c: AdminContext) => void;
    page: PageWithState;
    withInvited: (c: AdminContext, invited: Invited) => Promise<Response>;
    back: (saved: string) => string;
  },
): void {
  workbenchEndpoint(api, {
    path: USERS_API.invite,
    schema: z.object({
      name: z.string().trim().min(1, 'Type their name, as they will see it.').max(80, 'At most 80 characters.'),
      role: z.enum(ROLES, { message: 'Choose office staff or owner (full access).' }),
    }),
    form: () => 'invite',
    page: page.page,
    redirect: () => page.back('invite'),
    // The link is shown once, on the page that answers this post (only its hash is kept).
    respond: (c, _body, result) => page.withInvited(c, result.invited as Invited),
    save: async (c, body) => {
      page.onlySuperAdmin(c);
      const { token, invitation } = await createInvitation(db, { name: body.name, role: body.role, by: actorOf(c).login });
      const link = invitationLink(env.SITE_URL, built.site.pages['admin-invitation'], token);
      const message = `${actorOf(c).login} invites you to the ${built.site.facts.name} admin area. Open this link on your phone within 72 hours to make a passkey: ${link}`;
      const invited: Invited = {
        name: invitation.name,
        link,
        sms: `sms:?&body=${encodeURIComponent(message)}`,
        mailto: `mailto:?subject=${encodeURIComponent(`Your access to the ${built.site.facts.name} admin area`)}&body=${encodeURIComponent(message)}`,
        expires: officeTime(built, invitation.expiresAt)!,
      };
      return { invited, link };
    },
  });

  workbenchEndpoint(api, {
    path: USERS_API.removePasskey,
    schema: z.object({ id: z.string().min(1).max(1400) }),
    form: (values) => `remove-passkey-${values.id}`,
    page: page.page,
    redirect: () => page.back('remove-passkey'),
    save: async (c, body) => {
      page.onlySuperAdmin(c);
      try {
        const removed = await removePasskey(db, body.id, actorOf(c).login);
        if (!removed) throw new Refusal('That passkey is already gone.', {}, 404);
        return { removed: true, login: removed.login, deviceName: removed.deviceName };
      } catch (error) {
        if (error instanceof LastWayInError) throw new Refusal(error.message, {}, 409);
        throw error;
      }
    },
  });
}
