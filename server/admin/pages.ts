/**
 * The admin pages, served only here and only after the guard: the build's shell
 * (layout, heading, `data-slot`s) with its slots filled per request by the build's
 * React bundle, with the current user and data. The login page is the one page the
 * guard leaves open.
 */
import { Hono, type Context } from 'hono';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { safeNextPath } from '../../lib/admin-paths.ts';
import { adminMenu } from '../../lib/admin-topics.ts';
import {
  SETTINGS_FORMS,
  SIGN_IN_PATH,
  type AdminUserView,
  type AuditView,
  type FormState,
  type LoginMessage,
  type NoticeView,
  type SettingsForm,
  type SettingsPageView,
} from '../../lib/admin-view.ts';
import { formatOfficeTime, instantToOfficeLocal } from '../../lib/office-time.ts';
import { SERVER_PAGE_ROLES, type ServerPageRole } from '../../lib/server-data.ts';
import type { Env } from '../env.ts';
import { findElement, prefixTitle, replaceRange } from '../leads/page-slots.ts';
import { authenticate, type AdminAuth, type AdminVariables } from '../auth/guard.ts';
import { githubConfig } from '../auth/config.ts';
import { isSignInError, signInMessage } from '../auth/messages.ts';
import { clearCookie, FLASH_COOKIE, readCookie } from '../auth/session.ts';
import { liveNotice } from '../settings/injection.ts';
import { cleanPixel } from '../settings/pixel.ts';
import { listAudit, type AuditEntry, type SiteNotice } from '../settings/store.ts';
import type { AdminBuilt, AdminPageDeps } from './deps.ts';
import LoginPanel from './login/LoginPanel.tsx';
import NotAuthorised from './login/NotAuthorised.tsx';
import SettingsPanel from './settings/SettingsPanel.tsx';
import AdminNav from './ui/AdminNav.tsx';

export type { AdminPageDeps };

const ADMIN_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

/** The page with each `data-slot` in `slots` filled; a slot the page lacks is left out. */
function fillSlots(html: string, slots: Record<string, string>): string {
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
  const links = auth.secondFactor
    ? []
    : adminMenu(auth.role).map((item) => ({ href: built.site.pages[item.role], label: item.label }));
  return renderToString(
    createElement(AdminNav, { user: userView(auth), links, current, loginPath: built.site.pages['admin-login'] }),
  );
}

/**
 * A bare admin page (no public layout, nothing injected): for an admin address with
 * no page, or a build from before the admin existed. `title` and `body` are ours.
 */
function barePage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

function missingShell(title: string): string {
  return barePage(title, '<p>This page is missing from the build. Run <code>npm run build</code> and restart the server.</p>');
}

/** The 403 page: the login page's shell saying this account has no access. */
export async function notAuthorisedPage(c: Context, built: AdminBuilt, login: string): Promise<Response> {
  const shell = built.adminPage(built.site.pages['admin-login']);
  if (!shell) return adminHtml(c, missingShell('Not authorised'), 403);
  const body = renderToString(createElement(NotAuthorised, { login, loginPath: built.site.pages['admin-login'] }));
  return adminHtml(c, prefixTitle(fillSlots(shell, { 'admin-login': body }), 'Not authorised: '), 403);
}

export function noticeView(notice: SiteNotice | null, timeZone: string, now: Date): NoticeView | null {
  if (!notice) return null;
  const expires = new Date(notice.expiresAt);
  return {
    text: notice.text,
    link: notice.link,
    expiresAt: notice.expiresAt,
    expiresText: formatOfficeTime(expires, timeZone),
    expiresLocal: instantToOfficeLocal(expires, timeZone),
    showing: liveNotice(notice, now) !== null,
  };
}

const SETTING_NAMES: Record<AuditEntry['key'], string> = {
  tag_manager: 'Tag manager container',
  seo_pixel: 'SEO pixel',
  site_notice: 'Storm notice',
  csp_script_hosts: 'Other script hosts',
};

function describe(entry: AuditEntry['key'], value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '(none)';
  const v = value as Record<string, unknown>;
  switch (entry) {
    case 'tag_manager':
      return String(v.containerId);
    case 'seo_pixel':
      return `${v.enabled ? 'on' : 'off'}: ${String(v.snippet) || '(no snippet)'}`;
    case 'site_notice': {
      const link = v.link ? `, link ${String(v.link)}` : '';
      return `“${String(v.text)}” until ${formatOfficeTime(new Date(String(v.expiresAt)), timeZone)}${link}`;
    }
    case 'csp_script_hosts':
      return (v.hosts as string[]).join(', ') || '(none)';
  }
}

function auditView(entries: AuditEntry[], timeZone: string): AuditView[] {
  return entries.map((entry) => ({
    id: entry.id,
    when: formatOfficeTime(entry.changedAt, timeZone),
    who: entry.changedBy ? `@${entry.changedBy}` : '(a removed user)',
    setting: SETTING_NAMES[entry.key] ?? entry.key,
    before: describe(entry.key, entry.oldValue, timeZone),
    after: describe(entry.key, entry.newValue, timeZone),
  }));
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
  options: { status?: ContentfulStatusCode; titlePrefix?: string } = {},
): Promise<Response> {
  const path = built.site.pages[role];
  const shell = built.adminPage(path);
  if (!shell) return adminHtml(c, missingShell('Admin'), 500);
  const markup = typeof body === 'string' ? body : renderToString(body);
  let html = fillSlots(shell, { 'admin-nav': await navSlot(built, c.get('admin'), path), [role]: markup });
  if (options.titlePrefix) html = prefixTitle(html, options.titlePrefix);
  return adminHtml(c, html, options.status ?? 200);
}

/** /admin/settings for this request: current values, history, and after a failed post what was typed. */
export async function settingsPage(
  c: Context<{ Variables: AdminVariables }>,
  deps: AdminPageDeps,
  extra: { form?: FormState; saved?: SettingsForm } = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const { built, env } = deps;
  const path = built.site.pages['admin-settings'];
  const shell = built.adminPage(path);
  if (!shell) return adminHtml(c, missingShell('Settings'), 500);
  const auth = c.get('admin');
  const settings = deps.settings.current();
  const revisions = deps.settings.revisions();
  const timeZone = built.site.facts.timeZone;
  const view: SettingsPageView = {
    user: userView(auth),
    containerId: settings.containerId,
    pixel: {
      enabled: settings.pixel.enabled,
      snippet: settings.pixel.snippet,
      injected: cleanPixel(settings.pixel.snippet, env.PIXEL_SCRIPT_HOSTS).html,
    },
    notice: noticeView(settings.notice, timeZone, new Date()),
    scriptHosts: settings.scriptHosts,
    pixelHosts: env.PIXEL_SCRIPT_HOSTS,
    audit: auditView(await listAudit(deps.db), timeZone),
    timeZone,
    revisions: {
      'tag-manager': revisions.tag_manager,
      'seo-pixel': revisions.seo_pixel,
      'site-notice': revisions.site_notice,
      'script-hosts': revisions.csp_script_hosts,
    },
    ...extra,
  };
  // A form sent back for a typo or a preview keeps the revision it was opened with: the stored one
  // would let its next save overwrite a change this page never showed. Only the 409 that names such
  // a change gives the stored one, so that saving again replaces it on purpose.
  const posted = extra.form?.values.revision;
  if (extra.form && extra.form.form in view.revisions && status !== 409 && posted !== undefined && /^\d{0,40}$/.test(posted)) {
    view.revisions[extra.form.form as SettingsForm] = posted;
  }
  let html = fillSlots(shell, {
    'admin-nav': await navSlot(built, auth, path),
    'admin-settings': renderToString(createElement(SettingsPanel, view)),
  });
  if (extra.form?.error) html = prefixTitle(html, 'Not saved: ');
  return adminHtml(c, html, status);
}

function loginMessage(c: Context, env: Env): LoginMessage | null {
  const error = c.req.query('error');
  if (isSignInError(error)) {
    let detail: string | undefined;
    if (error === 'github_error') {
      const flash = readCookie(c, env, FLASH_COOKIE);
      if (flash) {
        try {
          detail = Buffer.from(flash, 'base64url').toString('utf8').slice(0, 300);
        } catch {
          detail = undefined;
        }
      }
    }
    return signInMessage(error, { account: c.req.query('account'), detail, timeoutSeconds: env.GITHUB_TIMEOUT_SECONDS });
  }
  if (c.req.query('signed_out') === '1') {
    return { kind: 'info', title: 'Signed out', text: 'You are signed out on every device.' };
  }
  if (c.req.query('signed_out') === 'partly') {
    return {
      kind: 'error',
      title: 'Signed out on this device only',
      text: 'The database did not answer, so other devices may still be signed in. Sign in and out again to end them.',
    };
  }
  if (c.req.query('expired') === '1') {
    return { kind: 'info', title: 'Your session has ended', text: 'Sign in again to continue where you were.' };
  }
  return null;
}

/**
 * GET /admin/login: an admin already signed in goes straight on;
 * anyone else gets the page, with the reason the last attempt failed and the button.
 */
async function loginPage(c: Context, deps: AdminPageDeps): Promise<Response> {
  const { built, env } = deps;
  const loginPath = built.site.pages['admin-login'];
  const next = safeNextPath(c.req.query('next'));
  const onward = next && next.split('?')[0] !== loginPath ? next : built.site.pages['admin-home'];
  try {
    if ((await authenticate(c, deps)).kind === 'admin') return c.redirect(onward, 302);
  } catch {
    // The page still shows; signing in will say what is wrong.
  }
  const shell = built.adminPage(loginPath);
  if (!shell) return adminHtml(c, missingShell('Admin sign-in'), 500);
  const message = loginMessage(c, env);
  if (message && c.req.query('error') === 'github_error') clearCookie(c, env, FLASH_COOKIE);
  const signInHref = githubConfig(env) ? `${SIGN_IN_PATH}${next ? `?next=${encodeURIComponent(next)}` : ''}` : null;
  const panel = renderToString(createElement(LoginPanel, { signInHref, message }));
  let html = fillSlots(shell, { 'admin-login': panel });
  if (message?.kind === 'error') html = prefixTitle(html, 'Not signed in: ');
  return adminHtml(c, html);
}

/**
 * GET routes for every admin page. The guard has already run (adminGuard in
 * app.ts), so `c.get('admin')` is set for all but the login page. Each workbench
 * topic answers its own pages (`handlers`, by role).
 */
export function adminPages(
  deps: AdminPageDeps,
  handlers: Partial<Record<ServerPageRole, (c: Context<{ Variables: AdminVariables }>) => Promise<Response>>>,
): Hono<{ Variables: AdminVariables }> {
  const pages = new Hono<{ Variables: AdminVariables }>();
  const { built } = deps;

  const handle = async (c: Context<{ Variables: AdminVariables }>) => {
    const path = c.req.path;
    if (path === built.site.pages['admin-login']) return loginPage(c, deps);
    const shell = built.adminPage(path);
    const role = SERVER_PAGE_ROLES.find((r) => built.site.pages[r] === path);
    const handler = role ? handlers[role] : undefined;
    // Not the public 404 page: that one carries the settings, which admin pages never do.
    if (!shell || !(handler || role === 'admin-settings')) {
      const home = built.site.pages['admin-home'];
      return adminHtml(c, barePage('No such admin page', `<p><a href="${encodeURI(home)}">Go to the dashboard</a></p>`), 404);
    }
    if (role === 'admin-settings') {
      const saved = c.req.query('saved');
      return settingsPage(c, deps, { saved: SETTINGS_FORMS.find((form) => form === saved) });
    }
    return handler!(c);
  };

  pages.get('/admin', handle);
  pages.get('/admin/*', handle);
  return pages;
}
