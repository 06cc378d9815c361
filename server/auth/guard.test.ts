import { ADMIN_TOPICS } from '../../lib/admin-topics.ts';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../build/routes.ts';
import { isAdminApiPath, isAdminPath } from '../../lib/admin-paths.ts';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { createApp } from '../app.ts';

let t: AdminTestApp;
let admin: string;
let noRole: string;

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false });
  admin = await t.sessionFor('guard-admin', 'admin');
  noRole = await t.sessionFor('guard-nobody', null);
});

afterAll(async () => {
  await t?.close();
});

/** The admin pages of the route list (build/routes.ts), the two open to all aside: the login page and an invitation's. */
async function guardedPages(): Promise<string[]> {
  const open = [t.files.site.pages['admin-login'], t.files.site.pages['admin-invitation']];
  return (await listRoutes()).map((r) => r.path).filter((path) => isAdminPath(path) && !open.includes(path));
}

/** Every admin API route the app registered (middleware aside), with its path parameters filled in. */
function adminApis(app: Hono): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== 'ALL' && isAdminApiPath(r.path.replace(/\/\*$/, '')))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && Boolean(seen.add(`${r.method} ${r.path}`)));
}

/**
 * What an anonymous visitor and a signed-in user without a role get from each
 * route; an entry means the route answered something it should not have.
 */
async function openings(app: Hono, pages: string[], apis: { method: string; path: string }[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of pages) {
    const anonymous = await app.request(path);
    const location = anonymous.headers.get('location') ?? '';
    if (anonymous.status !== 302 || location !== `/admin/login?next=${encodeURIComponent(path)}`) {
      problems.push(`${path} anonymous: ${anonymous.status} ${location}`);
    }
    const stranger = await app.request(path, { headers: { cookie: noRole } });
    const html = await stranger.text();
    if (stranger.status !== 403 || !html.includes('Not authorised')) problems.push(`${path} without a role: ${stranger.status}`);
  }
  for (const { method, path } of apis) {
    const init = (cookie?: string) => ({
      method,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
    });
    const anonymous = await app.request(path, init());
    if (anonymous.status !== 401) problems.push(`${method} ${path} anonymous: ${anonymous.status}`);
    const stranger = await app.request(path, init(noRole));
    if (stranger.status !== 403) problems.push(`${method} ${path} without a role: ${stranger.status}`);
  }
  return problems;
}

describe('the admin guard', () => {
  it('closes every admin page of the route list and every admin API of the app to anonymous visitors and to users without a role', async () => {
    const pages = await guardedPages();
    expect(pages).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/settings',
        '/admin/leads',
        '/admin/lead',
        '/admin/inspections',
        '/admin/errors',
        '/admin/users',
        '/admin/second-factor',
      ]),
    );
    const apis = adminApis(t.app);
    expect(apis.map((a) => `${a.method} ${a.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/me',
        'GET /api/admin/settings',
        'POST /api/admin/settings/tag-manager',
        'POST /api/admin/settings/seo-pixel',
        'POST /api/admin/settings/seo-pixel/preview',
        'POST /api/admin/settings/site-notice',
        'POST /api/admin/settings/script-hosts',
        // The owner's workbench.
        'GET /api/admin/leads/latest',
        'GET /api/admin/leads/export.csv',
        'POST /api/admin/leads/1/status',
        'POST /api/admin/leads/1/booking',
        'POST /api/admin/leads/1/notes',
        'POST /api/admin/leads/1/notifications/1/resend',
        'POST /api/admin/inspections/capacity',
        'POST /api/admin/inspections/default-capacity',
        'POST /api/admin/inspections/block',
        'POST /api/admin/inspections/unblock',
        'POST /api/admin/errors/resolve',
        'POST /api/admin/users/grant',
        'POST /api/admin/users/revoke',
        'POST /api/admin/users/require-second-factor',
        'POST /api/admin/users/remove-factor',
        'POST /api/admin/second-factor/challenge',
        'POST /api/admin/second-factor/enrol',
        'POST /api/admin/second-factor/verify',
        'POST /api/admin/second-factor/remove',
        'POST /api/admin/users/invite',
        'POST /api/admin/users/remove-passkey',
        'POST /api/admin/passkeys/options',
        'POST /api/admin/passkeys/add',
        'POST /api/admin/push/subscribe',
        'POST /api/admin/push/unsubscribe',
      ]),
    );
    expect(await openings(t.app, pages, apis)).toEqual([]);
  });

  it('would catch an admin route added without the guard', async () => {
    // A route mounted ahead of the app (and so ahead of its guard), as a careless change might.
    const leaky = new Hono();
    leaky.get('/admin/leaky', (c) => c.text('private'));
    leaky.post('/api/admin/leaky', (c) => c.json({ ok: true }));
    leaky.route('/', createApp({ env: t.env, db: t.db, files: t.files, settings: t.settings }));
    const problems = await openings(leaky, ['/admin/leaky'], adminApis(leaky));
    expect(problems).toEqual(
      expect.arrayContaining([
        '/admin/leaky anonymous: 200 ',
        '/admin/leaky without a role: 200',
        'POST /api/admin/leaky anonymous: 200',
        'POST /api/admin/leaky without a role: 200',
      ]),
    );
  });

  it('lets an admin in, with no-store and noindex on every admin answer', async () => {
    for (const path of [...(await guardedPages()), '/api/me', '/api/admin/settings']) {
      const res = await t.app.request(path, { headers: { cookie: admin } });
      // The super_admin's screens (users, business details): an admin is told so.
      const superAdminOnly = ADMIN_TOPICS.some(
        (topic) => topic.access === 'super_admin' && path === `/admin/${topic.role.slice(6)}`,
      );
      expect(res.status, path).toBe(superAdminOnly ? 403 : 200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
    }
    // The login page is open, and no more cacheable for it.
    for (const [path, status] of [
      ['/admin/login', 200],
      ['/admin/settings', 302],
    ] as const) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });

  it('guards an admin path however it is spelled', async () => {
    for (const path of [
      '/%61dmin',
      '/admin/',
      '/admin/%73ettings',
      '/admin/settings/',
      '/admin/settings?x=1',
      '/admin/nothing-here',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toMatch(/^\/admin\/login\?next=/);
    }
    // A broken escape beside a valid one: the router still decodes the valid one, so the guard must too.
    for (const path of ['/%61pi/admin/leads/X%ZZ/notes', '/%61pi/admin/leads/%C0/status']) {
      const res = await t.app.request(path, { method: 'POST', headers: { origin: 'http://localhost:4321' } });
      expect(res.status, path).toBe(401);
    }
  });

  it('keeps the SEO report and the launch checklist to signed-in admins, however their paths are spelled', async () => {
    for (const path of ['/seo-monitoring', '/seo-completion-checklist', '/seo-completion-checklist/', '/seo-monitoring.html']) {
      const anonymous = await t.app.request(path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get('location'), path).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
      expect((await t.app.request(path, { headers: { cookie: noRole } })).status, path).toBe(403);
    }
    // An admin passes the guard (this app's test build holds no copy of the two pages to send).
    for (const path of ['/seo-monitoring', '/seo-completion-checklist']) {
      const res = await t.app.request(path, { headers: { cookie: admin } });
      expect([302, 401, 403], path).not.toContain(res.status);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('counts a failed role lookup as not an admin', async () => {
    const failing = await startAdminTestApp({
      standIn: false,
      db: {
        ...t.db,
        maybeOne: (sql: string, params?: readonly unknown[]) =>
          /FROM user_roles/.test(sql) ? Promise.reject(new Error('relation is locked')) : t.db.maybeOne(sql, params),
      } as typeof t.db,
    });
    try {
      const page = await failing.app.request('/admin/settings', { headers: { cookie: admin } });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('Not authorised');
      expect((await failing.app.request('/api/me', { headers: { cookie: admin } })).status).toBe(403);
    } finally {
      await failing.close();
    }
  });

  it('refuses a change from another origin, or one that does not say where it comes from', async () => {
    const save = (headers: Record<string, string>) =>
      t.app.request('/api/admin/settings/tag-manager', {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ containerId: '' }),
      });
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.test' },
      { origin: 'http://localhost:4321.evil.test' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:4321' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of refused) {
      const res = await save(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await save({ origin: 'http://localhost:4321' })).status).toBe(200);
    expect((await save({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('sends a form post without a session to sign in, coming back to the page it came from', async () => {
    const res = await t.app.request('/api/admin/settings/tag-manager', {
      method: 'POST',
      headers: {
        ...SAME_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://localhost:4321/admin/settings',
      },
      body: 'containerId=GTM-AB12CD3',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fsettings');
  });

  it('never lets the built files hand out an admin page', async () => {
    for (const path of await guardedPages()) {
      expect(t.files.lookup('GET', path, 'br', undefined)).toBeUndefined();
      expect(t.files.adminPage(path)).toContain('data-slot="admin-nav"');
    }
  });
});
