/**
 * The admin pages, served only here and only after the guard: the build's shell
 * (layout, heading, `data-slot`s) with its slots filled per request with the
 * screen's view, rendered here, for the current user and data. The login page is
 * the one page the guard leaves open.
 */
import { Hono, type Context } from 'hono';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { adminMenu, adminTabs, type AdminMenuItem } from '../../../lib/admin-topics.ts';
import type { AdminUserView } from '../ui/view.ts';
import type { FormState } from '../../../lib/admin/forms.ts';
import { SERVER_PAGE_ROLES, type ServerPageRole } from '../../../lib/server-data.ts';
import { findElement, prefixTitle, replaceRange } from '../../leads/page-slots.ts';
import type { AdminAuth, AdminVariables } from '../../auth/guard.ts';
import type { AdminBuilt, AdminPageDeps } from './deps.ts';
import NotAuthorised from './NotAuthorised.tsx';
import AdminNav from '../ui/AdminNav.tsx';

export type { AdminPageDeps };

const ADMIN_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

/** The page with each `data-slot` in `slots` filled; a slot the page lacks is left out. */
export function fillSlots(html: string, slots: Record<string, string>): string {
  let out = html;
  for (const [name, markup] of Object.entries(slots)) {
    const slot = findElement(out, `data-slot="${name}"`);
    if (slot) out = replaceRange(out, slot.openEnd, slot.closeStart, markup);
  }
  return out;
}

export function adminHtml(c: Context, html: string, status: ContentfulStatusCode = 200): Response {
  return c.body(html, status, ADMIN_HEADERS);
}

export function userView(auth: Pick<AdminAuth, 'session' | 'role'>): AdminUserView {
  const { user } = auth.session;
  return {
    login: user.login,
    name: user.name,
    // Only an https picture: the page's policy allows no other.
    avatarUrl: user.avatarUrl?.startsWith('https://') ? user.avatarUrl : null,
    role: auth.role,
  };
}

async function navSlot(built: AdminBuilt, auth: AdminAuth, current: string): Promise<string> {
  // A session that still owes its second factor sees no menu: nothing but that page opens to it.
  const hrefs = (items: AdminMenuItem[]) =>
    auth.secondFactor ? [] : items.map((item) => ({ href: built.site.pages[item.role], label: item.label }));
  const { tabs, more } = adminTabs(auth.role);
  return renderToString(
    createElement(AdminNav, {
      user: userView(auth),
      links: hrefs(adminMenu(auth.role)),
      tabs: hrefs(tabs),
      more: hrefs(more),
      current,
      loginPath: built.site.pages['admin-login'],
    }),
  );
}

/**
 * A bare admin page (no public layout, nothing injected): for an admin address with
 * no page, or a build from before the admin existed. `title` and `body` are ours.
 */
function barePage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

export function missingShell(title: string): string {
  return barePage(title, '<p>This page is missing from the build. Run <code>npm run build</code> and restart the server.</p>');
}

/** The 403 page: the login page's shell saying this account has no access. */
export async function notAuthorisedPage(c: Context, built: AdminBuilt, login: string): Promise<Response> {
  const shell = built.adminPage(built.site.pages['admin-login']);
  if (!shell) return adminHtml(c, missingShell('Not authorised'), 403);
  const body = renderToString(createElement(NotAuthorised, { login, loginPath: built.site.pages['admin-login'] }));
  return adminHtml(c, prefixTitle(fillSlots(shell, { 'admin-login': body }), 'Not authorised: '), 403);
}

/**
 * An admin page for this request: the build's shell for `role` with the menu and
 * the page's own slot (named after the role) filled. `titlePrefix` goes before the
 * document title (a refused post: "Not saved: ").
 */
export async function workbenchPage(
  c: Context<{ Variables: AdminVariables }>,
  built: AdminBuilt,
  role: ServerPageRole,
  body: ReactElement | string,
  options: { status?: ContentfulStatusCode; titlePrefix?: string; missingTitle?: string } = {},
): Promise<Response> {
  const path = built.site.pages[role];
  const shell = built.adminPage(path);
  if (!shell) return adminHtml(c, missingShell(options.missingTitle ?? 'Admin'), 500);
  const markup = typeof body === 'string' ? body : renderToString(body);
  let html = fillSlots(shell, { 'admin-nav': await navSlot(built, c.get('admin'), path), [role]: markup });
  if (options.titlePrefix) html = prefixTitle(html, options.titlePrefix);
  return adminHtml(c, html, options.status ?? 200);
}

/** A screen's page, also after a post: its title starts with `refused` ("Not saved: ") when the form was refused. */
export function screenPage(
  c: Context<{ Variables: AdminVariables }>,
  built: AdminBuilt,
  role: ServerPageRole,
  body: ReactElement,
  { form, status, refused = 'Not saved: ' }: { form?: FormState; status?: ContentfulStatusCode; refused?: string },
): Promise<Response> {
  return workbenchPage(c, built, role, body, { status, titlePrefix: form?.error ? refused : undefined });
}

/**
 * GET routes for every admin page. The guard has already run (adminGuard in
 * app.ts), so `c.get('admin')` is set for all but the login page. Each workbench
 * topic answers its own pages (`handlers`, by role).
 */
export function adminPages(
  { built }: Pick<AdminPageDeps, 'built'>,
  handlers: Partial<Record<ServerPageRole, (c: Context<{ Variables: AdminVariables }>) => Promise<Response>>>,
): Hono<{ Variables: AdminVariables }> {
  const pages = new Hono<{ Variables: AdminVariables }>();

  const handle = async (c: Context<{ Variables: AdminVariables }>) => {
    const path = c.req.path;
    // The pages the guard leaves open (sign-in, an invitation): they answer with or without a built shell.
    if (path === built.site.pages['admin-login'] && handlers['admin-login']) return handlers['admin-login'](c);
    if (path === built.site.pages['admin-invitation'] && handlers['admin-invitation']) return handlers['admin-invitation'](c);
    const shell = built.adminPage(path);
    const role = SERVER_PAGE_ROLES.find((r) => built.site.pages[r] === path);
    const handler = role ? handlers[role] : undefined;
    // Not the public 404 page: that one carries the settings, which admin pages never do.
    if (!shell || !handler) {
      const home = built.site.pages['admin-home'];
      return adminHtml(c, barePage('No such admin page', `<p><a href="${encodeURI(home)}">Go to the dashboard</a></p>`), 404);
    }
    return handler(c);
  };

  pages.get('/admin', handle);
  pages.get('/admin/*', handle);
  return pages;
}
