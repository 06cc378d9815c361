/**
 * /admin/login, the one admin page the guard leaves open: why the last sign-in
 * failed, in words, the passkey sign-in and the GitHub button with the way back.
 */
import { Hono, type Context } from 'hono';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { safeNextPath } from '../../../lib/admin-paths.ts';
import { PASSKEY_API, SIGN_IN_PATH, type LoginMessage } from '../../../lib/admin/sign-in.ts';
import type { Env } from '../../config/env.ts';
import { prefixTitle } from '../../leads/page-slots.ts';
import { githubConfig } from '../../config/auth.ts';
import { authenticate, type AdminVariables } from '../../auth/guard.ts';
import { isSignInError, signInMessage } from '../../auth/messages.ts';
import { clearCookie, FLASH_COOKIE, readCookie } from '../../auth/session.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { adminHtml, fillSlots, missingShell } from '../core/pages.ts';
import type { AdminTopic } from '../core/workbench.ts';
import LoginPanel from './LoginPanel.tsx';

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
  if (c.req.query('signed_out') === 'here') {
    return { kind: 'info', title: 'Signed out', text: 'You are signed out on this device. Your other devices stay signed in.' };
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
  const panel = renderToString(
    createElement(LoginPanel, {
      signInHref,
      message,
      passkey: { options: PASSKEY_API.signInOptions, action: PASSKEY_API.signIn },
    }),
  );
  let html = fillSlots(shell, { 'admin-login': panel });
  if (message?.kind === 'error') html = prefixTitle(html, 'Not signed in: ');
  return adminHtml(c, html);
}

/** The sign-in page; it has no APIs of its own (signing in is server/auth/routes.ts). */
export function loginAdmin(deps: AdminPageDeps): AdminTopic {
  return { api: new Hono<{ Variables: AdminVariables }>(), pages: { 'admin-login': (c) => loginPage(c, deps) } };
}
