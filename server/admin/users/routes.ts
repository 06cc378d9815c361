/**
 * /admin/users (super admins only): who has a role, with last sign-in and
 * second factor; grants and revokes by GitHub login (before a first sign-in too);
 * the last super admin kept; the switch that requires a second factor of everyone.
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { FormState } from '../../../lib/admin/forms.ts';
import { ROLE_LABELS } from '../../../lib/admin/sign-in.ts';
import { USERS_API, type UsersPageView } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import {
  factorStatus,
  factorStatuses,
  removeFactor,
  secondFactorPolicy,
  setSecondFactorRequired,
} from '../../auth/second-factor.ts';
import { GITHUB_LOGIN, grantRole, LastSuperAdminError, listAdmins, revokeRole, ROLES } from '../../auth/store.ts';
import { passkeysOf } from '../../auth/passkeys.ts';
import { invitationsPart, invitationViews, type Invited } from './invitations.ts';
import { officeTime } from '../core/format.ts';
import { screenPage, workbenchPage, type AdminPageDeps } from '../core/pages.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint } from '../core/workbench.ts';
import type { AdminContext, AdminTopic, PageWithState } from '../core/workbench.ts';
import UsersPanel from './UsersPanel.tsx';

const FACTOR_LABELS = { none: 'None', unverified: 'Set-up not finished', verified: 'Set up' } as const;

const login = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@/, ''))
  .pipe(z.string().regex(GITHUB_LOGIN, 'A GitHub login has letters, digits and hyphens, such as octocat.'));

function onlySuperAdmin(c: AdminContext): void {
  if (c.get('admin').role !== 'super_admin') throw new Refusal('Only an owner (full access) can manage users.', {}, 403);
}

// The role store refuses to remove the last super admin; that refusal is the owner's to read, not a server error.
async function keepSuper<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LastSuperAdminError) throw new Refusal(error.message, {}, 409);
    throw error;
  }
}

/** After access was taken (`?saved=revoke&undo_login=…&undo_role=…`): what Undo gives back. */
function undoOf(c: AdminContext, saved: string | undefined): UsersPageView['undo'] {
  const who = login.safeParse(c.req.query('undo_login') ?? '');
  const role = c.req.query('undo_role');
  if (saved !== 'revoke' || !who.success || (role !== 'admin' && role !== 'super_admin')) return null;
  return { login: who.data, role, roleLabel: ROLE_LABELS[role] };
}

/** GET /admin/users, and the same page after a refused post (`extra.form`) or a save (`extra.saved`). */
async function usersPage(
  { built, db }: AdminPageDeps,
  c: AdminContext,
  extra: { form?: FormState; saved?: string; invited?: Invited },
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const me = c.get('admin');
  if (me.role !== 'super_admin') {
    return workbenchPage(
      c,
      built,
      'admin-users',
      '<p>Only an owner (full access) can see and change who has access. Ask the owner.</p>',
      {
        status: 403,
        titlePrefix: 'Not authorised: ',
      },
    );
  }
  const [admins, policy] = await Promise.all([listAdmins(db), secondFactorPolicy(db)]);
  const ids = admins.map((a) => a.id);
  const [factors, passkeys, invitations] = await Promise.all([
    factorStatuses(db, ids),
    passkeysOf(db, ids),
    invitationViews(built, db, extra.invited),
  ]);
  const view: UsersPageView = {
    users: admins.map((user) => ({
      login: user.login,
      name: user.name,
      role: user.role!,
      roleLabel: ROLE_LABELS[user.role!],
      lastSignIn:
        user.githubId === null && !user.passkeyOnly ? 'Not signed in yet' : (officeTime(built, user.lastSignInAt) ?? 'Never'),
      factor: user.passkeyOnly ? 'Passkey' : FACTOR_LABELS[factors.get(user.id) ?? 'none'],
      you: user.id === me.session.user.id,
      passkeyOnly: user.passkeyOnly,
      passkeys: passkeys
        .filter((p) => p.userId === user.id)
        .map((p) => ({
          id: p.credentialId,
          deviceName: p.deviceName,
          created: officeTime(built, p.createdAt)!,
          lastUsed: officeTime(built, p.lastUsedAt) ?? 'Not used yet',
        })),
    })),
    ...invitations,
    required: policy.required,
    policyText: policy.required
      ? `On: every admin confirms each sign-in with an authenticator app code or a passkey${policy.updatedBy ? ` (switched on by @${policy.updatedBy})` : ''}.`
      : 'Off: each person chooses whether to set up a sign-in code.',
    undo: undoOf(c, extra.saved),
    usersPath: built.site.pages['admin-users'],
    ...extra,
  };
  return screenPage(c, built, 'admin-users', createElement(UsersPanel, view), { form: extra.form, status });
}

/** What each group of the screen's routes is given. */
interface Screen {
  api: Hono<{ Variables: AdminVariables }>;
  db: AdminPageDeps['db'];
  page: PageWithState;
  back: (saved: string) => string;
}

/** Who has a role: granting one by GitHub login, and taking it back (with Undo on the page that answers). */
function accessRoutes({ api, db, page, back }: Screen): void {
  workbenchEndpoint(api, {
    path: USERS_API.grant,
    schema: z.object({ login, role: z.enum(ROLES, { message: 'Choose office staff or owner (full access).' }) }),
    form: () => 'grant',
    page,
    redirect: () => back('grant'),
    save: async (c, body) => {
      onlySuperAdmin(c);
      const result = await keepSuper(() => grantRole(db, body.login, body.role, { keepASuperAdmin: true }));
      return { login: result.login, role: result.role, previous: result.previous, signedInBefore: result.signedInBefore };
    },
  });

  workbenchEndpoint(api, {
    path: USERS_API.revoke,
    schema: z.object({ login }),
    form: (values) => `revoke-${values.login}`,
    page,
    redirect: (_c, _body, result) => String(result.redirect),
    save: async (c, body) => {
      onlySuperAdmin(c);
      // Nobody takes their own access from the list: signing out is the way to leave.
      if (body.login.toLowerCase() === actorOf(c).login.toLowerCase()) {
        throw new Refusal('You cannot take your own access. Another owner can, from their own sign-in.', {}, 409);
      }
      const removed = await keepSuper(() => revokeRole(db, body.login, { keepASuperAdmin: true }));
      if (removed.length === 0) throw new Refusal(`@${body.login} has no role, so there is nothing to take back.`, {}, 404);
      // The page that answers offers Undo (the same role granted again); the script follows `redirect` too.
      const undo = new URLSearchParams({ undo_login: body.login, undo_role: removed[0]! });
      return { login: body.login, removed, redirect: `${back('revoke')}&${undo}` };
    },
  });
}

/** Sign-in codes: the switch that requires one of everyone, and removing someone's. */
function signInCodeRoutes({ api, db, page, back }: Screen): void {
  workbenchEndpoint(api, {
    path: USERS_API.policy,
    schema: z.object({
      required: z
        .union([z.boolean(), z.enum(['on', 'true', 'false', 'off', ''])])
        .optional()
        .transform((v) => v === true || v === 'on' || v === 'true'),
    }),
    form: () => 'policy',
    page,
    redirect: () => back('policy'),
    save: async (c, body) => {
      onlySuperAdmin(c);
      // A passkey is a second factor in itself: only someone with neither would be locked out by the switch.
      const me = actorOf(c).id;
      if (body.required && (await factorStatus(db, me)) !== 'verified' && (await passkeysOf(db, [me])).length === 0) {
        throw new Refusal(
          'Set up your own sign-in code first (the “Sign-in code” page): with the switch on, you would be asked for one at once.',
          {},
          409,
        );
      }
      const { changed } = await setSecondFactorRequired(db, body.required, actorOf(c).login);
      return { required: body.required, changed };
    },
  });

  workbenchEndpoint(api, {
    path: USERS_API.removeFactor,
    schema: z.object({ login }),
    form: (values) => `remove-factor-${values.login}`,
    page,
    redirect: () => back('remove-factor'),
    save: async (c, body) => {
      onlySuperAdmin(c);
      const user = (await listAdmins(db)).find((a) => a.login.toLowerCase() === body.login.toLowerCase());
      if (!user || !(await removeFactor(db, user.id))) throw new Refusal(`@${body.login} has no sign-in code.`, {}, 404);
      return { login: body.login, removed: true };
    },
  });
}

export function usersAdmin(deps: AdminPageDeps): AdminTopic {
  const api = new Hono<{ Variables: AdminVariables }>();
  const back = (saved: string) => `${deps.built.site.pages['admin-users']}?saved=${saved}`;
  const page: PageWithState = (c, extra, status) => usersPage(deps, c, extra, status);
  invitationsPart(api, deps, {
    onlySuperAdmin,
    page,
    withInvited: (c, invited) => usersPage(deps, c, { invited }),
    back,
  });
  accessRoutes({ api, db: deps.db, page, back });
  signInCodeRoutes({ api, db: deps.db, page, back });
  return { api, pages: { 'admin-users': (c) => page(c, savedOf(c)) } };
}
