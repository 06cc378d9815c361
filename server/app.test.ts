import { writeFile } from 'node:fs/promises';
import { getEventListeners } from 'node:events';
import path from 'node:path';
import { format } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../content/site.ts';
import { createApp, redirectTarget, splitRequestUrl } from './app.ts';
import { DEV_BUILD_WAIT_MS } from './site/dev-build-wait.ts';
import { errorGroups, recentErrorLog } from './db/error-log.ts';
import { groupByCause } from './admin/errors/group.ts';
import type { Db } from './db/index.ts';
import { openTestDb, reachableTestPostgres } from '../tests/test-db.ts';
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY, withWebAssembly } from './http/security.ts';
import { loadSiteFiles, type SiteFiles } from './site/site-files.ts';
import { FIXTURE_404_HTML, FIXTURE_FILES, makeTempDist, testEnv } from '../tests/dist-fixture.ts';

const postgresUrl = await reachableTestPostgres();
let dist: Awaited<ReturnType<typeof makeTempDist>>;
let store: SiteFiles;
let db: Db;

beforeAll(async () => {
  dist = await makeTempDist();
  store = await loadSiteFiles(dist.dir);
  db = await openTestDb(null, { migrate: true });
});

afterAll(async () => {
  await db?.close();
  await dist?.cleanup();
});

beforeEach(async () => {
  await db.exec('TRUNCATE error_log');
});

afterEach(() => {
  vi.restoreAllMocks();
});

function appWith(env: Record<string, string> = {}, deps: { db?: Db; store?: SiteFiles } = {}) {
  return createApp({ env: testEnv({ DIST_DIR: dist.dir, ...env }), db: deps.db ?? db, files: deps.store ?? store });
}

function expectSecurityHeaders(res: Response, policy = CONTENT_SECURITY_POLICY) {
  expect(res.headers.get('content-security-policy')).toBe(policy);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

const failingDb: Db = {
  kind: 'pglite',
  schema: 'public',
  query: () => Promise.reject(new Error('database is down')),
  one: () => Promise.reject(new Error('database is down')),
  maybeOne: () => Promise.reject(new Error('database is down')),
  exec: () => Promise.reject(new Error('database is down')),
  transaction: () => Promise.reject(new Error('database is down')),
  close: () => Promise.resolve(),
};

describe('security headers', () => {
  it('are on pages, API answers, redirects and 404s', async () => {
    const app = appWith();
    const responses = await Promise.all([
      app.request('/'),
      app.request('/api/error-report', { method: 'POST', body: 'not json' }),
      app.request('/about/'),
      app.request('/no-such-page'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 400, 301, 404]);
    const [page, api, redirect, notFound] = responses;
    for (const res of [page!, api!, redirect!]) expectSecurityHeaders(res);
    // The 404 page carries the site search, which runs as WebAssembly.
    expectSecurityHeaders(notFound!, withWebAssembly(CONTENT_SECURITY_POLICY));
  });

  it('add HSTS when the site is https', async () => {
    const res = await appWith({ SITE_URL: 'https://roof.example.com' }).request('/no-such-page');
    expect(res.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('add HSTS for X-Forwarded-Proto https only behind a trusted proxy', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    const trusted = await appWith({ TRUST_PROXY: 'true' }).request('/', { headers });
    const untrusted = await appWith().request('/', { headers });
    const apiTrusted = await appWith({ TRUST_PROXY: 'true' }).request('/api/nothing', { headers });
    expect(trusted.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(apiTrusted.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('redirects', () => {
  const locationOf = async (url: string, method = 'GET') => {
    const res = await appWith().request(url, { method, redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location') };
  };

  it('drops a trailing slash and keeps the query', async () => {
    expect(await locationOf('/about/?utm_source=flyer&x=1')).toEqual({ status: 301, location: '/about?utm_source=flyer&x=1' });
    expect(await locationOf('/services/roof-repairs//')).toEqual({ status: 301, location: '/services/roof-repairs' });
  });

  it('never redirects the home page', async () => {
    expect((await locationOf('/')).status).toBe(200);
  });

  it('sends .html and index.html URLs to their clean form', async () => {
    expect(await locationOf('/about.html')).toEqual({ status: 301, location: '/about' });
    expect(await locationOf('/index.html')).toEqual({ status: 301, location: '/' });
    expect(await locationOf('/blog/index.html?category=Storm')).toEqual({ status: 301, location: '/blog?category=Storm' });
    expect(await locationOf('/blog/atlas-vs-gaf.html')).toEqual({ status: 301, location: '/blog/atlas-vs-gaf' });
  });

  it('follows _redirects.json, in one hop even with a trailing slash', async () => {
    expect(await locationOf('/locations/pooler')).toEqual({ status: 301, location: '/locations/pooler-roofing' });
    expect(await locationOf('/locations/pooler/?ref=gbp')).toEqual({
      status: 301,
      location: '/locations/pooler-roofing?ref=gbp',
    });
    expect(await locationOf('/locations/ardlesly-park-roofing')).toEqual({
      status: 301,
      location: '/locations/ardsley-park-roofing',
    });
  });

  it('redirects HEAD like GET but never a POST', async () => {
    expect((await locationOf('/about/', 'HEAD')).status).toBe(301);
    expect((await locationOf('/about/', 'POST')).status).toBe(404);
  });

  it('never points Location at another host', async () => {
    expect(await locationOf('//evil.example/')).toEqual({ status: 301, location: '/evil.example' });
    expect(redirectTarget('/\\evil.example/', () => undefined)).toBe('/evil.example');
  });

  it('splits request URLs without decoding them', () => {
    expect(splitRequestUrl('http://localhost/a%2Fb/?q=1#top')).toEqual({ path: '/a%2Fb/', search: '?q=1' });
    expect(splitRequestUrl('http://localhost')).toEqual({ path: '/', search: '' });
  });
});

describe('static pages through the app', () => {
  it('answers exactly what lookup() answers, so the node fast path cannot disagree', async () => {
    const app = appWith();
    const cases: [string, string, string | undefined][] = [
      ['GET', '/', 'gzip, deflate, br'],
      ['GET', '/', undefined],
      ['HEAD', '/about', 'br'],
      ['GET', '/assets/app-3f9a1c.js', 'gzip'],
      ['GET', '/sw.js', 'br'],
    ];
    for (const [method, path, acceptEncoding] of cases) {
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const res = await app.request(path, { method, headers });
      const hit = store.lookup(method, path, acceptEncoding, undefined)!;
      expect(res.status).toBe(hit.status);
      for (const [name, value] of Object.entries(hit.headers)) expect(res.headers.get(name), name).toBe(value);
      expect(Buffer.from(await res.arrayBuffer()).equals(hit.body ?? new Uint8Array())).toBe(true);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const app = appWith();
    const first = await app.request('/', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    const again = await app.request('/', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('does not serve files starting with _', async () => {
    expect((await appWith().request('/_redirects.json')).status).toBe(404);
  });
});

describe("a dev page's wait for the next build", () => {
  const devDist = async (closing?: AbortSignal) => {
    const site = await makeTempDist({ ...FIXTURE_FILES, 'dev-build.json': '{"id":"1"}' });
    const live = await loadSiteFiles(site.dir);
    const app = createApp({ env: testEnv({ DIST_DIR: site.dir }), db, files: live, closing });
    return { site, live, app };
  };
  /** Lets a wait start, ends it with `end`, and expects "no change" within 2 s, not at the wait's 20 s time-out. */
  const expectEndedBy = async (waiting: Response | Promise<Response>, end: () => void) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ended = Date.now();
    end();
    expect((await waiting).status).toBe(304);
    expect(Date.now() - ended).toBeLessThan(2000);
  };

  it('is answered at once when the page names no build or an older one', async () => {
    const { site, app } = await devDist();
    try {
      const first = await app.request('/dev-build');
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ id: '1' });
      expect(first.headers.get('cache-control')).toBe('no-store');
      const older = await app.request('/dev-build', { headers: { 'if-none-match': '"an-older-build"' } });
      expect(older.status).toBe(200);
    } finally {
      await site.cleanup();
    }
  });

  it('is held while the page shows the build served, and answered with the next one as soon as the server reads it', async () => {
    const { site, live, app } = await devDist();
    try {
      const tag = (await app.request('/dev-build')).headers.get('etag')!;
      let answered = false;
      const waiting = Promise.resolve(app.request('/dev-build', { headers: { 'if-none-match': tag } })).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      await writeFile(path.join(site.dir, 'dev-build.json'), '{"id":"2"}');
      await live.reloadFiles(['dev-build.json']);
      const res = await waiting;
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).not.toBe(tag);
      expect(await res.json()).toEqual({ id: '2' });
    } finally {
      await site.cleanup();
    }
  });

  it('is answered "not modified" when no build comes in time, so the page asks again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { site, app } = await devDist();
    try {
      const tag = (await app.request('/dev-build')).headers.get('etag')!;
      const waiting = app.request('/dev-build', { headers: { 'if-none-match': tag } });
      await vi.advanceTimersByTimeAsync(DEV_BUILD_WAIT_MS);
      expect((await waiting).status).toBe(304);
    } finally {
      vi.useRealTimers();
      await site.cleanup();
    }
  });

  it('is answered at once when the server begins to shut down, and leaves no listener behind', async () => {
    const closing = new AbortController();
    const { site, live, app } = await devDist(closing.signal);
    try {
      const tag = (await app.request('/dev-build')).headers.get('etag')!;
      // Waits that ended (here by a reload of the same build, answered "no change") take their
      // listeners off the server's signal.
      for (let i = 0; i < 12; i++) {
        const waiting = app.request('/dev-build', { headers: { 'if-none-match': tag } });
        await new Promise((resolve) => setTimeout(resolve, 5));
        await live.reload();
        expect((await waiting).status).toBe(304);
      }
      expect(getEventListeners(closing.signal, 'abort')).toHaveLength(0);
      await expectEndedBy(app.request('/dev-build', { headers: { 'if-none-match': tag } }), () => closing.abort());
    } finally {
      await site.cleanup();
    }
  });

  it('ends as soon as the page leaves', async () => {
    const { site, app } = await devDist();
    try {
      const tag = (await app.request('/dev-build')).headers.get('etag')!;
      const leaving = new AbortController();
      const waiting = app.request(
        new Request('http://localhost/dev-build', { headers: { 'if-none-match': tag }, signal: leaving.signal }),
      );
      await expectEndedBy(waiting, () => leaving.abort());
    } finally {
      await site.cleanup();
    }
  });

  it('does not exist for a build that is not a dev build', async () => {
    const res = await appWith().request('/dev-build');
    expect(res.status).toBe(404);
  });
});

describe('not found', () => {
  it('answers 404 with the built 404 page, negotiated, and noindex', async () => {
    const res = await appWith().request('/no-such-page', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(FIXTURE_404_HTML);
  });

  it('logs the path, referrer and user agent', async () => {
    await appWith().request('/roof-repair-coupons?utm=x', {
      headers: { referer: 'https://search.example/?q=roof', 'user-agent': 'TestBrowser/1.0' },
    });
    const rows = await recentErrorLog(db, 'not_found');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'not_found',
      url: '/roof-repair-coupons',
      referrer: 'https://search.example/?q=roof',
      user_agent: 'TestBrowser/1.0',
    });
  });

  it('stops logging a client that floods, but keeps answering 404', async () => {
    const app = appWith({ TRUST_PROXY: 'true' });
    const crawler = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await app.request(`/dead-link-${i}`, { headers: crawler })).status);
    await app.request('/dead-link-from-a-person', { headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(new Set(statuses)).toEqual(new Set([404]));
    const rows = await recentErrorLog(db, 'not_found', 100);
    expect(rows).toHaveLength(31);
    expect(rows.some((r) => r.url === '/dead-link-from-a-person')).toBe(true);
  });

  it('still answers 404 when the log cannot be written', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appWith({}, { db: failingDb }).request('/missing');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(FIXTURE_404_HTML);
  });

  it('answers unknown API paths in the API error shape', async () => {
    const res = await appWith().request('/api/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.json()).toEqual({ ok: false, error: 'No such API endpoint.' });
  });
});

describe('errors', () => {
  it('shows a minimal page with the phone number when a page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: SiteFiles = {
      ...store,
      lookup: () => {
        throw new Error('disk on fire');
      },
    };
    const res = await appWith({}, { store: broken }).request('/about');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain(site.phone);
    expect(html).not.toContain('disk on fire');
  });

  it("records a page that failed on the server in the owner's error log, without its query string or cookies", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: SiteFiles = {
      ...store,
      lookup: () => {
        throw new TypeError('disk on fire');
      },
    };
    const res = await appWith({}, { store: broken }).request('/about?token=secret-in-query', {
      headers: { cookie: 'admin_session=secret-cookie', 'user-agent': 'server-error-agent' },
    });
    expect(res.status).toBe(500);
    const rows = await recentErrorLog(db, 'server');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'TypeError: disk on fire', url: '/about', user_agent: 'server-error-agent' });
    expect(rows[0]!.stack).toMatch(/^GET \/about\nTypeError: disk on fire\n\s+at /);
    expect(JSON.stringify(rows[0])).not.toMatch(/secret-in-query|secret-cookie/);
    // A refusal the app meant (a 4xx) is no server error.
    await appWith().request('/api/no-such-endpoint');
    expect(await recentErrorLog(db, 'server')).toHaveLength(1);
  });

  it('answers a form posted without JavaScript that failed on the server with the page that has the phone number', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appWith({}, { db: failingDb }).request('/api/report-issue', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ message: 'The quote button does nothing', page: '/contact' }).toString(),
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(site.phone);
  });

  it('answers an API failure with the API error shape and no details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appWith({}, { db: failingDb }).request('/api/error-report', {
      method: 'POST',
      body: JSON.stringify({ message: 'x', timestamp: Date.now(), url: '/' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ ok: false, error: expect.any(String) });
  });

  for (const [engine, url] of [
    ['PGlite', null],
    ['PostgreSQL', postgresUrl],
  ] as const) {
    it.skipIf(engine === 'PostgreSQL' && url === null)(
      `logs a failed lead insert on ${engine} without the visitor's name, phone, email or message`,
      async () => {
        const logged: string[] = [];
        vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(format(...args)));
        const leadsDb = await openTestDb(url, { migrate: true });
        try {
          // Any constraint the row breaks: PostgreSQL quotes the failing row, PGlite attaches the parameters.
          await leadsDb.exec('ALTER TABLE leads ADD CONSTRAINT refuses_every_lead CHECK (false) NOT VALID');
          const res = await appWith({}, { db: leadsDb }).request('/api/leads', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              kind: 'consultation',
              name: 'Maria Privatename',
              phone: '9125550199',
              email: 'maria@private.example',
              zip: '31405',
              message: 'The roof at 12 Hidden Lane leaks',
              startedAt: Date.now() - 45_000,
            }),
          });
          expect(res.status).toBe(500);
          // Without JavaScript the same failure answers with the form page, and is logged all the same.
          const form = await appWith({}, { db: leadsDb }).request('/api/leads', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ kind: 'consultation', name: 'Maria Privatename', phone: '9125550199', zip: '31405' }),
          });
          expect(form.status).toBe(500);
          expect(await form.text()).toContain(site.phone);
          const [group, ...others] = groupByCause(await errorGroups(leadsDb, 'server'));
          expect(others).toEqual([]);
          expect(group).toMatchObject({ count: 2, sample: { url: '/api/leads' } });
          expect(group!.key).toContain('refuses_every_lead');
          logged.push(JSON.stringify(group));
        } finally {
          await leadsDb.close();
        }
        const log = logged.join('\n');
        expect(log).toContain('Error answering POST /api/leads');
        expect(log).toContain('refuses_every_lead');
        for (const personal of ['Privatename', '5550199', 'maria@private.example', 'Hidden Lane']) {
          expect(log).not.toContain(personal);
        }
      },
    );
  }

  it('answers a post to an API that does not exist with 404, without reading its body', async () => {
    const res = await appWith().request('/api/some-future-endpoint', { method: 'POST', body: 'x'.repeat(65 * 1024) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: 'No such API endpoint.' });
  });
});
