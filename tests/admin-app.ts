/**
 * The app with its admin area, for API tests through `app.request()`: a build-shaped
 * dist/ whose admin pages are the real page modules rendered with the real layout,
 * a fresh database, and (optionally) the GitHub stand-in on 127.0.0.1.
 */
import type { Hono } from 'hono';
import { listRoutes } from '../build/routes.ts';
import { renderPage } from '../build/render.tsx';
import { isAdminPath } from '../lib/admin-paths.ts';
import { createApp } from '../server/app.ts';
import type { Publisher } from '../server/publish/publisher.ts';
import { sessionLimits } from '../server/config/auth.ts';
import { createSession, grantRole, upsertGitHubUser, type Role } from '../server/auth/store.ts';
import type { Db } from '../server/db/index.ts';
import type { Env } from '../server/config/env.ts';
import { createSettingsService, type SettingsService } from '../server/settings/service.ts';
import { loadSiteFiles, type SiteFiles } from '../server/site/site-files.ts';
import { FIXTURE_FILES, LEAD_PAGE_FILES, makeTempDist, testEnv } from './dist-fixture.ts';
import { startGitHubStandIn, type GitHubStandIn } from './github-stand-in.ts';
import { testPageContext } from './page-context.ts';
import { openTestDb } from './test-db.ts';

/** The admin pages as the build writes them (AdminDocument around the real page modules), by dist file. */
export async function adminPageFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const context = testPageContext();
  for (const route of await listRoutes()) {
    if (!isAdminPath(route.path)) continue;
    files[route.output] = (await renderPage(route.file, route.path, route.params, context)).html;
  }
  return files;
}

/** Public pages with a real head and body, for the settings' injection. */
export const PUBLIC_PAGE_FILES: Record<string, string> = {
  ...FIXTURE_FILES,
  ...LEAD_PAGE_FILES,
  'index.html':
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Home</title></head><body data-phone="x"><a class="skip-link" href="#main">Skip</a><main id="main"><h1>Home</h1></main></body></html>',
  'about.html':
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>About</title></head><body><main><h1>About</h1></main></body></html>',
  '404.html':
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Roof Not Found</title></head><body><main><h1>Looks like this page slipped a shingle.</h1></main></body></html>',
};

export interface AdminTestApp {
  app: Hono;
  db: Db;
  env: Env;
  files: SiteFiles;
  settings: SettingsService;
  standIn: GitHubStandIn | null;
  /** A session cookie (`name=value`) for `login`, who gets `role` (none when null). */
  sessionFor(login: string, role: Role | null): Promise<string>;
  close(): Promise<void>;
}

/** Same-origin headers for a request that changes something (the admin's Origin rule). */
export const SAME_ORIGIN = { origin: 'http://localhost:4321' };

export async function startAdminTestApp(
  options: {
    env?: Record<string, string>;
    db?: Db;
    standIn?: boolean;
    postgresUrl?: string | null;
    /** The publisher the admin uses (server/publish/publisher.ts); by default one for the real build, never started. */
    publisher?: (parts: { db: Db; files: SiteFiles; env: Env }) => Publisher;
  } = {},
): Promise<AdminTestApp> {
  const standIn = options.standIn === false ? null : await startGitHubStandIn();
  const dist = await makeTempDist({ ...PUBLIC_PAGE_FILES, ...(await adminPageFiles()) });
  const db = options.db ?? (await openTestDb(options.postgresUrl ?? null, { migrate: true }));
  const env = testEnv({ DIST_DIR: dist.dir, GITHUB_TIMEOUT_SECONDS: '2', ...(standIn?.env ?? {}), ...options.env });
  const files = await loadSiteFiles(dist.dir);
  const settings = createSettingsService({ db, files, pixelHosts: env.PIXEL_SCRIPT_HOSTS, pollMs: null });
  await settings.start();
  const publisher = options.publisher?.({ db, files, env });
  const app = createApp({ env, db, files, settings, ...(publisher ? { publisher } : {}) });
  return {
    app,
    db,
    env,
    files,
    settings,
    standIn,
    async sessionFor(login, role) {
      const user = await upsertGitHubUser(db, {
        // A GitHub id of the login's own, so two logins never share one (and so one user row).
        id: 5000 + [...login].reduce((hash, ch) => (hash * 31 + ch.charCodeAt(0)) % 1_000_000_007, 7),
        login,
        name: `Test ${login}`,
        avatarUrl: null,
      });
      if (role) await grantRole(db, login, role);
      const session = await createSession(db, user.id, sessionLimits(env));
      return `admin_session=${session.token}`;
    },
    async close() {
      settings.stop();
      publisher?.stop();
      await standIn?.close();
      if (!options.db) await db.close();
      await dist.cleanup();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, by name (an expired cookie maps to ''). */
export function cookiesOf(res: Response): Record<string, { value: string; attributes: string }> {
  const out: Record<string, { value: string; attributes: string }> = {};
  for (const header of res.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    out[name] = { value: pair!.slice(eq + 1), attributes: attributes.join(';').trim() };
  }
  return out;
}
