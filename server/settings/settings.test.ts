import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instantToOfficeLocal } from '../../lib/office-time.ts';
import { PIXEL_PREVIEW_PATH } from '../../lib/admin/settings.ts';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';
import { createDb } from '../db/index.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security.ts';
import { GOOGLE_TAG_SOURCES } from './csp.ts';

const postgresUrl = await reachableTestPostgres();
const PIXEL = '<script src="https://app.searchatlas.com/scripts/dynamic_optimization.js" data-uuid="c0ffee" async></script>';
const TAG_MANAGER_JS = '/assets/tag-manager-test.js';

let t: AdminTestApp;
let owner: string;
let admin: string;
/** Who the tests' own resets and direct saves are recorded as. */
let tester: { id: number; login: string };

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false });
  owner = await t.sessionFor('site-owner', 'super_admin');
  admin = await t.sessionFor('office-admin', 'admin');
  tester = {
    id: (await t.db.one<{ id: number }>(`SELECT id FROM users WHERE github_login = 'site-owner'`)).id,
    login: 'site-owner',
  };
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  for (const key of ['tag_manager', 'seo_pixel', 'site_notice', 'csp_script_hosts'] as const) {
    await t.settings.save(key, null, tester);
  }
});

async function post(path: string, body: unknown, cookie = owner): Promise<Response> {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function postForm(path: string, fields: Record<string, string>, cookie = owner): Promise<Response> {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A `datetime-local` value in the office's zone, `hours` from now. */
function officeLocal(hours: number): string {
  return instantToOfficeLocal(new Date(Date.now() + hours * 3_600_000), t.files.site.facts.timeZone);
}

async function saveAllThree(): Promise<void> {
  expect((await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3' })).status).toBe(200);
  expect((await post('/api/admin/settings/seo-pixel', { enabled: true, snippet: PIXEL })).status).toBe(200);
  const notice = await post('/api/admin/settings/site-notice', {
    text: 'We are prioritising emergency tarping; call us.',
    link: '/services/emergency-roof-repair',
    expires: officeLocal(48),
  });
  expect(notice.status, await notice.clone().text()).toBe(200);
}

describe('settings every public page carries', () => {
  it('injects all three into every public page on its next load, with the CSP to match, and none into admin pages', async () => {
    const before = await t.app.request('/');
    expect(before.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    await saveAllThree();

    const res = await t.app.request('/');
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script src="${TAG_MANAGER_JS}" data-container="GTM-AB12CD3" async></script>`);
    expect(head).toContain(PIXEL.replace(' async', ' async'));
    expect(head).toMatch(/<script src="\/assets\/site-notice-test\.js" defer><\/script>$/);
    // Right after <body ...>: the container's noscript frame, then the notice with the phone number.
    const afterBody = html.slice(html.indexOf('<body data-phone="x">') + '<body data-phone="x">'.length);
    expect(afterBody).toMatch(/^<noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-AB12CD3"/);
    expect(afterBody).toContain('We are prioritising emergency tarping; call us.');
    expect(afterBody).toContain('<a href="/services/emergency-roof-repair">More information</a>');
    expect(afterBody).toContain(`<a href="tel:+19125550142">${t.files.site.facts.phone}</a>`);
    expect(afterBody.indexOf('site-notice')).toBeLessThan(afterBody.indexOf('skip-link'));

    const csp = res.headers.get('content-security-policy')!;
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    for (const source of GOOGLE_TAG_SOURCES.tagManager!.script!) expect(scriptSrc).toContain(source);
    for (const source of GOOGLE_TAG_SOURCES.adsRemarketing!.script!) expect(scriptSrc).toContain(source);
    expect(scriptSrc).toContain('https://app.searchatlas.com');
    expect(csp).toContain('frame-src https://www.google.com https://maps.google.com https://www.googletagmanager.com');

    // Every public page and the 404 page; the per-request pages built from them too.
    for (const path of ['/about', '/contact', '/no-such-page']) {
      const page = await (await t.app.request(path)).text();
      expect(page, path).toContain('data-container="GTM-AB12CD3"');
      expect(page, path).toContain('data-notice-expires=');
    }
    // Admin pages never: not the script, not the pixel, not the notice, and the base policy.
    for (const path of ['/admin', '/admin/settings']) {
      const page = await t.app.request(path, { headers: { cookie: owner } });
      const text = await page.text();
      expect(text, path).not.toContain(TAG_MANAGER_JS);
      expect(text, path).not.toContain('<script src="https://app.searchatlas.com');
      expect(text, path).not.toContain('data-notice-expires');
      expect(page.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
    }
    const missing = await t.app.request('/admin/no-such-page', { headers: { cookie: owner } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('data-container');
    const login = await t.app.request('/admin/login');
    expect(await login.text()).not.toContain('GTM-AB12CD3');
    expect(login.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('serves the injected pages from the store itself: br and gzip bytes, a new ETag, HEAD and 304', async () => {
    const plain = t.files.lookup('GET', '/about', 'br', undefined)!;
    await saveAllThree();
    // First served at a fast brotli quality, then recompressed as the build does; the ETag follows the bytes.
    await t.files.settled();
    const injected = t.files.lookup('GET', '/about', 'br', undefined)!;
    expect(injected.headers.etag).not.toBe(plain.headers.etag);
    expect(injected.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(injected.body!).toString();
    expect(html).toContain('data-container="GTM-AB12CD3"');
    expect(gunzipSync(t.files.lookup('GET', '/about', 'gzip', undefined)!.body!).toString()).toBe(html);
    expect(new TextDecoder().decode(t.files.lookup('GET', '/about', undefined, undefined)!.body!)).toBe(html);
    expect(injected.headers['content-security-policy']).toBe(t.files.publicPolicy());
    expect(t.files.lookup('HEAD', '/about', 'br', undefined)!.body).toBeNull();
    expect(t.files.lookup('GET', '/about', 'br', injected.headers.etag)!.status).toBe(304);
    // The old copy's validator no longer matches: a browser gets the new page.
    expect(t.files.lookup('GET', '/about', 'br', plain.headers.etag)!.status).toBe(200);
    // Non-page files are untouched.
    expect(t.files.lookup('GET', '/robots.txt', undefined, undefined)!.headers['content-security-policy']).toBe(
      CONTENT_SECURITY_POLICY,
    );
  });

  it('injects nothing with the pixel off or no valid container, and serves the pages as built again', async () => {
    const built = t.files.lookup('GET', '/about', undefined, undefined)!;
    await post('/api/admin/settings/seo-pixel', { enabled: false, snippet: PIXEL });
    expect(t.files.lookup('GET', '/about', undefined, undefined)).toBe(built);
    await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3' });
    await post('/api/admin/settings/tag-manager', { containerId: '' });
    expect(t.files.lookup('GET', '/about', undefined, undefined)!.headers.etag).toBe(built.headers.etag);
    expect(t.files.publicPolicy()).toBe(CONTENT_SECURITY_POLICY);
  });

  it('stores the stripped container id and refuses anything else with a message, keeping what was typed', async () => {
    const saved = await post('/api/admin/settings/tag-manager', { containerId: ' GTM-ab12 / GTM-AB12CD3 ' });
    expect(await saved.json()).toEqual({
      ok: true,
      changed: true,
      revision: expect.stringMatching(/^\d+$/),
      containerId: 'GTM-ab12GTM-AB12CD3',
    });
    const refused = await post('/api/admin/settings/tag-manager', { containerId: 'GТM-AB12CD3' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      ok: false,
      fields: { containerId: expect.stringMatching(/not a Tag Manager container ID/) },
    });
    // Without JavaScript: the page again, with the typed value and the message at the field.
    const form = await postForm('/api/admin/settings/tag-manager', { containerId: 'GТM-AB12CD3' });
    expect(form.status).toBe(422);
    const html = await form.text();
    expect(html).toContain('<title>Not saved: Admin settings</title>');
    expect(html).toContain('value="GТM-AB12CD3"');
    expect(html).toMatch(/id="container-id-error" data-field-error="containerId">That is not a Tag Manager container ID/);
    expect(t.settings.current().containerId).toBe('GTM-ab12GTM-AB12CD3');
  });

  it('saves from a form without JavaScript with a redirect back to the page, which says so', async () => {
    const res = await postForm('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/settings?saved=tag-manager#tag-manager');
    const page = await (await t.app.request('/admin/settings?saved=tag-manager', { headers: { cookie: owner } })).text();
    expect(page).toContain('Saved. Every public page carries it from its next load.');
    expect(page).toContain('On: container GTM-AB12CD3 loads on every public page.');
  });

  it('previews the cleaned pixel before saving, and stores the cleaned snippet', async () => {
    const pasted = `<script>alert(1)</script>${PIXEL}<img src=x onerror=alert(2)>`;
    const preview = await post('/api/admin/settings/seo-pixel/preview', { snippet: pasted });
    expect(await preview.json()).toEqual({ ok: true, html: PIXEL, changed: true, hosts: ['app.searchatlas.com'] });
    expect(t.settings.current().pixel.snippet).toBe('');
    const form = await postForm('/api/admin/settings/seo-pixel/preview', { snippet: pasted, enabled: 'on' });
    const html = await form.text();
    expect(html).toContain('What saving will add to every page');
    expect(html).toContain('&lt;script src=&quot;https://app.searchatlas.com/scripts/dynamic_optimization.js&quot;');
    expect(html).not.toContain('alert(2)</code>');
    const saved = await post('/api/admin/settings/seo-pixel', { enabled: true, snippet: pasted });
    expect(await saved.json()).toMatchObject({ ok: true, enabled: true, snippet: PIXEL, removed: true });
    expect(t.settings.current().pixel).toEqual({ enabled: true, snippet: PIXEL });
  });

  it('refuses to switch on a pixel of which nothing is allowed', async () => {
    const res = await post('/api/admin/settings/seo-pixel', { enabled: true, snippet: '<script>track()</script>' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      fields: { snippet: expect.stringContaining('Nothing in this snippet is allowed') },
    });
  });

  it('keeps the saved pixel when a pasted snippet has nothing allowed, even switched off', async () => {
    await post('/api/admin/settings/seo-pixel', { enabled: false, snippet: PIXEL });
    const res = await post('/api/admin/settings/seo-pixel', { enabled: false, snippet: '<script>track()</script>' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ fields: { snippet: expect.stringContaining('the saved snippet is unchanged') } });
    expect(t.settings.current().pixel).toEqual({ enabled: false, snippet: PIXEL });
    // An empty box is how the owner removes it.
    expect((await post('/api/admin/settings/seo-pixel', { enabled: false, snippet: '' })).status).toBe(200);
    expect(t.settings.current().pixel.snippet).toBe('');
  });

  it('checks the notice: text, a safe link, a future expiry within 90 days', async () => {
    const refused = await post('/api/admin/settings/site-notice', {
      text: '   ',
      link: 'javascript:alert(1)',
      expires: officeLocal(-1),
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['expires', 'link', 'text']);
    for (const link of ['http://example.com', '//evil.test', 'https://user@evil.test', '/\\evil.test']) {
      const res = await post('/api/admin/settings/site-notice', { text: 'x', link, expires: officeLocal(2) });
      expect(res.status, link).toBe(422);
    }
    expect((await post('/api/admin/settings/site-notice', { text: 'x', link: '', expires: officeLocal(24 * 91) })).status).toBe(
      422,
    );
    const ok = await post('/api/admin/settings/site-notice', {
      text: '<b>Tarps</b> today',
      link: 'https://weather.gov/',
      expires: officeLocal(3),
    });
    expect(ok.status).toBe(200);
    const page = await (await t.app.request('/')).text();
    expect(page).toContain('&lt;b&gt;Tarps&lt;/b&gt; today');
    const clear = await post('/api/admin/settings/site-notice', { intent: 'clear' });
    expect(await clear.json()).toEqual({ ok: true, changed: true, revision: '', notice: null });
    expect(await (await t.app.request('/')).text()).not.toContain('data-notice-expires');
  });

  it('stops injecting the notice by itself when it expires', async () => {
    await t.settings.save(
      'site_notice',
      { text: 'Closing soon', link: null, expiresAt: new Date(Date.now() + 5000).toISOString() },
      tester,
    );
    // 5 s of life: a loaded machine may take more than a second to save and serve.
    expect(await (await t.app.request('/')).text()).toContain('Closing soon');
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await (await t.app.request('/')).text()).not.toContain('Closing soon');
  });

  it('lets only a super_admin add script hosts, which enter the CSP only while a container is set', async () => {
    const refused = await post('/api/admin/settings/script-hosts', { hosts: 'ads.example.com' }, admin);
    expect(refused.status).toBe(403);
    const bad = await post('/api/admin/settings/script-hosts', { hosts: 'https://ads.example.com/x' });
    expect(await bad.json()).toMatchObject({ ok: false, fields: { hosts: expect.stringContaining('without https://') } });
    for (const hosts of ['*.example.com', 'ads.example.com; script-src *', '127.0.0.1', 'аds.example.com']) {
      expect((await post('/api/admin/settings/script-hosts', { hosts })).status, hosts).toBe(422);
    }
    expect((await post('/api/admin/settings/script-hosts', { hosts: 'ads.example.com\nPixel.Partner.io' })).status).toBe(200);
    expect(t.settings.current().scriptHosts).toEqual(['ads.example.com', 'pixel.partner.io']);
    expect((await t.app.request('/')).headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3' });
    const csp = (await t.app.request('/')).headers.get('content-security-policy')!;
    expect(csp.split('; ').find((d) => d.startsWith('script-src '))).toContain(
      'https://ads.example.com https://pixel.partner.io',
    );
    // Every admin sees them listed, each with its warning; only the super_admin gets the form.
    const page = await (await t.app.request('/admin/settings', { headers: { cookie: admin } })).text();
    expect(page).toContain('<strong>ads.example.com</strong>: scripts from this host can run on every public page');
    expect(page).toContain('Only an owner with full access can change this list.');
  });

  it('logs every change with who, when, and old -> new, and shows it on the page', async () => {
    await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3' });
    await post('/api/admin/settings/tag-manager', { containerId: 'GTM-ZZ99YY8' }, admin);
    // Saving the same value again changes nothing and logs nothing.
    expect(await (await post('/api/admin/settings/tag-manager', { containerId: 'GTM-ZZ99YY8' })).json()).toMatchObject({
      changed: false,
    });
    const rows = await t.db.query<{ old_value: unknown; new_value: unknown; changed_by_login: string }>(
      `SELECT old_value, new_value, changed_by_login FROM settings_audit WHERE key = 'tag_manager' ORDER BY id DESC LIMIT 2`,
    );
    expect(rows).toEqual([
      { old_value: { containerId: 'GTM-AB12CD3' }, new_value: { containerId: 'GTM-ZZ99YY8' }, changed_by_login: 'office-admin' },
      { old_value: null, new_value: { containerId: 'GTM-AB12CD3' }, changed_by_login: 'site-owner' },
    ]);
    const page = await (await t.app.request('/admin/settings', { headers: { cookie: owner } })).text();
    expect(page).toMatch(
      /<td data-label="Who">@office-admin<\/td><td data-label="Setting">Tag manager container<\/td><td data-label="Before"><code>GTM-AB12CD3<\/code><\/td><td data-label="After"><code>GTM-ZZ99YY8<\/code><\/td>/,
    );
  });
});

describe('a setting changed while the page was open', () => {
  /** The revision a form on /admin/settings carries, as `cookie` is served it. */
  async function revisionOf(form: string, cookie = owner): Promise<string> {
    const page = await (await t.app.request('/admin/settings', { headers: { cookie } })).text();
    const at = page.indexOf(`data-admin-form="${form}"`);
    return /name="revision" value="(\d*)"/.exec(page.slice(at))![1]!;
  }

  it('is not overwritten unseen: the save says who changed it, keeps what was typed, and a second save replaces it', async () => {
    const opened = await revisionOf('site-notice');
    const theirs = { text: 'Office closed for Thanksgiving; call for emergencies.', link: '', expires: officeLocal(24) };
    const saved = await post('/api/admin/settings/site-notice', { ...theirs, revision: opened }, admin);
    expect(saved.status).toBe(200);
    const { revision: now } = (await saved.json()) as { revision: string };
    expect(now).not.toBe(opened);
    expect(await revisionOf('site-notice')).toBe(now);

    // The owner's tab was opened before: its save is refused, with JavaScript and without.
    const mine = { text: 'Crews are out on storm calls today.', link: '', expires: officeLocal(12), revision: opened };
    const refused = await post('/api/admin/settings/site-notice', mine);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Not saved: @office-admin changed this setting on .+, after this page was opened \(see the change history\)\. Save again to replace that change/,
    );
    expect(t.settings.current().notice?.text).toBe(theirs.text);
    const plain = await postForm('/api/admin/settings/site-notice', mine);
    expect(plain.status).toBe(409);
    const page = (await plain.text()).replace(/<!-- -->/g, '');
    expect(page).toContain('@office-admin changed this setting');
    expect(page).toContain(mine.text);
    // The page sent back carries the revision now, so saving again replaces the other change on purpose.
    expect(page.slice(page.indexOf('data-admin-form="site-notice"'))).toContain(`name="revision" value="${now}"`);
    expect((await post('/api/admin/settings/site-notice', { ...mine, revision: now })).status).toBe(200);
    expect(t.settings.current().notice?.text).toBe(mine.text);
  });

  it('is not overwritten unseen after a plain post is refused for a typo or previewed: the page keeps the revision it was opened with', async () => {
    const revisionIn = (page: string, form: string) =>
      /name="revision" value="(\d*)"/.exec(page.slice(page.indexOf(`data-admin-form="${form}"`)))![1];
    const notice = await revisionOf('site-notice');
    const pixel = await revisionOf('seo-pixel');
    const theirs = { text: 'Office closed for Thanksgiving; call for emergencies.', link: '', expires: officeLocal(24) };
    expect((await post('/api/admin/settings/site-notice', { ...theirs, revision: notice }, admin)).status).toBe(200);
    expect((await post('/api/admin/settings/seo-pixel', { enabled: true, snippet: PIXEL, revision: pixel }, admin)).status).toBe(
      200,
    );

    // The owner's tab, opened before those saves, first sends an expiry in the past.
    const mine = { text: 'Crews are out on storm calls today.', link: '', revision: notice };
    const typo = await postForm('/api/admin/settings/site-notice', { ...mine, expires: officeLocal(-2) });
    expect(typo.status).toBe(422);
    const corrected = { ...mine, expires: officeLocal(12), revision: revisionIn(await typo.text(), 'site-notice')! };
    expect((await postForm('/api/admin/settings/site-notice', corrected)).status).toBe(409);
    expect(t.settings.current().notice?.text).toBe(theirs.text);

    // The pixel's Preview button answers with the page too.
    const snippet = PIXEL.replace('c0ffee', 'beef');
    const preview = await postForm(PIXEL_PREVIEW_PATH, { enabled: 'on', snippet, revision: pixel });
    expect(preview.status).toBe(200);
    const saved = await postForm('/api/admin/settings/seo-pixel', {
      enabled: 'on',
      snippet,
      revision: revisionIn(await preview.text(), 'seo-pixel')!,
    });
    expect(saved.status).toBe(409);
    expect(t.settings.current().pixel.snippet).toContain('c0ffee');
  });

  it('lets through a save that changes nothing, a setting nobody touched, and a post without a revision', async () => {
    const opened = await revisionOf('tag-manager');
    expect(opened).toBe('');
    await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3', revision: opened }, admin);
    // The same value as stored: nothing to undo.
    const same = await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3', revision: opened });
    expect(await same.json()).toMatchObject({ ok: true, changed: false });
    // Another setting's save does not move this one's revision.
    const pixel = await revisionOf('seo-pixel');
    await post('/api/admin/settings/tag-manager', { containerId: 'GTM-ZZ99YY8' }, admin);
    expect((await post('/api/admin/settings/seo-pixel', { enabled: true, snippet: PIXEL, revision: pixel })).status).toBe(200);
    // A page or script from before revisions existed sends none: saved as before.
    expect((await post('/api/admin/settings/tag-manager', { containerId: 'GTM-AB12CD3' })).status).toBe(200);
  });
});

describe.skipIf(postgresUrl === null)('several instances on one PostgreSQL', () => {
  it('refuses a save made from a revision another instance has moved on from', async () => {
    const db = await openTestDb(postgresUrl, { migrate: true });
    try {
      const { saveSetting, loadSettings } = await import('./store.ts');
      const user = await db.one<{ id: number }>(
        `INSERT INTO users (github_id, github_login) VALUES (7, 'pg-admin') RETURNING id`,
      );
      const by = { id: user.id, login: 'pg-admin' };
      const first = await saveSetting(db, 'tag_manager', { containerId: 'GTM-AAA1111' }, by, '');
      expect(first).toMatchObject({ changed: true, revision: expect.stringMatching(/^\d+$/) });
      const { revisions } = await loadSettings(db);
      expect(revisions.tag_manager).toBe('revision' in first ? first.revision : '');
      const stale = await saveSetting(db, 'tag_manager', { containerId: 'GTM-BBB2222' }, by, '');
      expect(stale).toMatchObject({ changed: false, moved: { revision: revisions.tag_manager, by: 'pg-admin' } });
      expect((await loadSettings(db)).settings.containerId).toBe('GTM-AAA1111');
    } finally {
      await db.close();
    }
  });

  it('lets only one of several saves made at the same moment from the same unset revision through', async () => {
    const db = await openTestDb(postgresUrl, { migrate: true });
    try {
      const { saveSetting, loadSettings } = await import('./store.ts');
      const user = await db.one<{ id: number }>(`INSERT INTO users (github_id, github_login) VALUES (8, 'pg-twin') RETURNING id`);
      const by = { id: user.id, login: 'pg-twin' };
      for (const [i, key] of (['tag_manager', 'site_notice'] as const).entries()) {
        const results = await Promise.all(
          ['GTM-CCC3333', 'GTM-DDD4444', 'GTM-EEE5555'].map((containerId) =>
            key === 'tag_manager'
              ? saveSetting(db, key, { containerId }, by, '')
              : saveSetting(
                  db,
                  key,
                  { text: containerId, link: null, expiresAt: new Date(Date.now() + 3_600_000 * (i + 1)).toISOString() },
                  by,
                  '',
                ),
          ),
        );
        expect(results.filter((r) => r.changed)).toHaveLength(1);
        expect(results.filter((r) => 'moved' in r)).toHaveLength(2);
      }
      expect((await loadSettings(db)).settings.containerId).toMatch(/^GTM-/);
    } finally {
      await db.close();
    }
  });

  it(
    'serves a setting saved on one instance from another at once, told by PostgreSQL rather than found by its poll',
    { timeout: 60_000 },
    async () => {
      const shared = await openTestDb(postgresUrl, { migrate: true });
      const second = await createDb({ url: postgresUrl!, schema: shared.schema, poolSize: 2 });
      const one = await startAdminTestApp({ standIn: false, db: shared });
      const two = await startAdminTestApp({ standIn: false, db: second });
      // The second instance listens as index.ts runs it, with a poll too slow to be what delivers the save.
      two.settings.stop();
      const { createSettingsService } = await import('./service.ts');
      const listening = createSettingsService({
        db: second,
        files: two.files,
        pixelHosts: two.env.PIXEL_SCRIPT_HOSTS,
        pollMs: 600_000,
      });
      await listening.start();
      try {
        const cookie = await one.sessionFor('pg-owner', 'super_admin');
        const started = performance.now();
        const res = await one.app.request('/api/admin/settings/tag-manager', {
          method: 'POST',
          headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ containerId: 'GTM-PG12345' }),
        });
        expect(res.status).toBe(200);
        let seen = false;
        while (!seen && performance.now() - started < 20_000) {
          const html = new TextDecoder().decode(two.files.lookup('GET', '/about', undefined, undefined)!.body!);
          seen = html.includes('data-container="GTM-PG12345"');
          if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(seen, `not seen within ${Math.round(performance.now() - started)} ms`).toBe(true);
      } finally {
        listening.stop();
        await two.close();
        await second.close();
        await one.close();
        await shared.close();
      }
    },
  );
});
