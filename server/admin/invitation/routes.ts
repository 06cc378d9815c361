/**
 * /admin/invitation?token=…, open like the sign-in page: who invited the person and
 * with which role, and the button that creates their passkey (the page's script,
 * enhance.ts, talks to the open passkey APIs). A used, expired or unknown link says so.
 */
import { Hono, type Context } from 'hono';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PASSKEY_API } from '../../../lib/admin/sign-in.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { findInvitation } from '../../auth/invitations.ts';
import { prefixTitle } from '../../leads/page-slots.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { adminHtml, fillSlots, missingShell } from '../core/pages.ts';
import type { AdminTopic } from '../core/workbench.ts';
import InvitationPanel from './InvitationPanel.tsx';

const ROLE_WORDS = {
  admin: 'to see and work the leads, inspections, errors and settings',
  super_admin: 'with full access, including who may sign in',
};

async function invitationPage(c: Context, { built, db }: AdminPageDeps): Promise<Response> {
  const path = built.site.pages['admin-invitation'];
  const shell = built.adminPage(path);
  if (!shell) return adminHtml(c, missingShell('Your invitation'), 500);
  const token = c.req.query('token');
  const found = await findInvitation(db, token);
  const panel = renderToString(
    createElement(InvitationPanel, {
      invitation: found.ok
        ? { name: found.invitation.name, by: found.invitation.createdBy, what: ROLE_WORDS[found.invitation.role], token: token! }
        : null,
      problem: found.ok ? null : found.reason,
      api: PASSKEY_API,
      loginPath: built.site.pages['admin-login'],
    }),
  );
  let html = fillSlots(shell, { 'admin-invitation': panel });
  if (!found.ok) html = prefixTitle(html, 'Not valid: ');
  // The token is in the address: never send it on to another site.
  c.header('referrer-policy', 'no-referrer');
  return adminHtml(c, html, found.ok ? 200 : 410);
}

export function invitationAdmin(deps: AdminPageDeps): AdminTopic {
  return { api: new Hono<{ Variables: AdminVariables }>(), pages: { 'admin-invitation': (c) => invitationPage(c, deps) } };
}
