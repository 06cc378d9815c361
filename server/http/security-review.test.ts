/**
 * The security review's findings, one describe per
 * defect, each written against the request the reviewer sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../content/site.ts';
import { MESSAGE_MAX } from '../../lib/lead-schema.ts';
import { LEAD_PAGE_FILES, makeTempDist, testEnv } from '../../tests/dist-fixture.ts';
import { openParallelTestDb } from '../../tests/lead-fixtures.ts';
import type { LeadAnswer } from '../../lib/lead-schema.ts';
import { MAX_LEAD_BYTES } from '../api/leads.ts';
import { createApp, ERROR_LOG_WRITES_PER_MINUTE } from '../app.ts';
import type { Db } from '../db/index.ts';
import { loadSiteFiles, type SiteFiles } from '../site/site-files.ts';

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let store: SiteFiles;
let db: Db;

beforeAll(async () => {
  dist = await makeTempDist({
    ...LEAD_PAGE_FILES,
    'about.html': '<!doctype html><title>About</title><h1>About</h1>',
    '_redirects.json': JSON.stringify([{ from: '/locations/pooler', to: '/locations/pooler-roofing' }]),
  });
  store = await loadSiteFiles(dist.dir);
  db = await openParallelTestDb(null);
});

afterAll(async () => {
  await db?.close();
  await dist?.cleanup();
});

beforeEach(async () => {
  await db.exec('TRUNCATE leads, lead_notifications, booking_slots, error_log RESTART IDENTITY CASCADE');
});

const appWith = (env: Record<string, string> = {}) =>
  createApp({ env: testEnv({ DIST_DIR: dist.dir, ...env }), db, files: store });
const count = async (sql: string) => (await db.one<{ n: number }>(sql)).n;

let serial = 0;
const consultation = (extra: Record<string, unknown> = {}) => ({
  kind: 'consultation',
  name: `Pat Doe ${++serial}`,
  phone: `912-555-${String(2000 + serial).slice(-4)}`,
  zip: '31405',
  startedAt: Date.now() - 60_000,
  sentAt: Date.now(),
  ...extra,
});

const postJson = (app: ReturnType<typeof appWith>, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const postForm = (app: ReturnType<typeof appWith>, path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('defect 1: rate limits behind a proxy', () => {
  const proxied = { TRUST_PROXY: 'true', LEAD_RATE_LIMIT: '5' };

  it('keys leads on the right-most forwarded address, so a forged left entry earns no fresh limit', async () => {
    const app = appWith(proxied);
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await postJson(app, '/api/leads', consultation(), { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    expect(await count('SELECT count(*) AS n FROM leads')).toBe(5);
  });

  it('keys error reports the same way: 10 a minute from one client, whatever it forges', async () => {
    const app = appWith(proxied);
    let stored = 0;
    for (let i = 1; i <= 15; i++) {
      const res = await postJson(
        app,
        '/api/error-report',
        { message: `boom ${i}`, timestamp: Date.now(), url: '/' },
        {
          'x-forwarded-for': `198.51.100.${i}, 203.0.113.7`,
        },
      );
      if (res.status === 204) stored++;
    }
    expect(stored).toBe(10);
    expect(await count("SELECT count(*) AS n FROM error_log WHERE kind = 'render'")).toBe(10);
  });

  it('treats every address of one IPv6 /64 as one client', async () => {
    const app = appWith(proxied);
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await postJson(app, '/api/leads', consultation(), { 'x-forwarded-for': `2001:db8:1:2::${i.toString(16)}` });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  });

  it('caps error-log and 404-log writes per minute for everyone together, so rotating addresses cannot fill the table', async () => {
    const app = appWith(proxied);
    for (let i = 1; i <= 100; i++) {
      const client = { 'x-forwarded-for': `203.0.${Math.floor(i / 250)}.${i % 250}` };
      await postJson(app, '/api/error-report', { message: `boom ${i}`, timestamp: Date.now(), url: '/' }, client);
      await app.request(`/no-such-page-${i}`, { headers: client });
    }
    expect(await count("SELECT count(*) AS n FROM error_log WHERE kind = 'render'")).toBe(ERROR_LOG_WRITES_PER_MINUTE.render);
    expect(await count("SELECT count(*) AS n FROM error_log WHERE kind = 'not_found'")).toBe(
      ERROR_LOG_WRITES_PER_MINUTE.not_found,
    );
  });
});

describe('defect 2: a legitimate no-JavaScript lead refused with raw JSON', () => {
  const nonLatin = '屋根から水が漏れています。'.repeat(Math.ceil(MESSAGE_MAX / 13)).slice(0, MESSAGE_MAX);
  const formBody = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      kind: 'consultation',
      name: 'Aiko Tanaka',
      phone: '9125550160',
      zip: '31405',
      message: nonLatin,
      ...extra,
    }).toString();

  it('accepts a valid 2,000-character message in a non-Latin script posted without JavaScript', async () => {
    const body = formBody();
    expect(body.length).toBeGreaterThan(16 * 1024);
    const res = await postForm(appWith(), '/api/leads?form=consultation', body);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/consultation-received');
    expect((await db.one<{ message: string }>('SELECT message FROM leads')).message).toHaveLength(MESSAGE_MAX);
  });

  it('sizes the limit from the schema: every field at its maximum, in the costliest encoding, still fits', async () => {
    expect(MAX_LEAD_BYTES).toBeGreaterThan(formBody().length);
    expect(MAX_LEAD_BYTES).toBeLessThan(256 * 1024);
  });

  it('answers an oversized form post with the form page, a plain message and the phone number, never JSON', async () => {
    const res = await postForm(appWith(), '/api/leads?form=inspection', formBody({ message: 'x'.repeat(MAX_LEAD_BYTES) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('This request is larger than any our form can send');
    expect(html).toContain(site.phone);
    // The refusal shows at the form the visitor used.
    expect(html).toMatch(/data-island="InspectionForm"[^>]*data-props="[^"]*larger than any/);
  });

  it('answers an oversized issue report posted without JavaScript with the report page, not JSON', async () => {
    const body = new URLSearchParams({ message: 'x'.repeat(MAX_LEAD_BYTES) }).toString();
    const res = await postForm(appWith(), '/api/report-issue', body);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(site.phone);
  });
});

describe('defect 3: an idempotency key reused with a different body', () => {
  it('answers 409 with no token and nothing of the first lead', async () => {
    const app = appWith();
    const first = consultation({ idempotencyKey: 'reused-key-0001', email: 'first@example.com', message: 'Leak over the porch' });
    const storedRes = await postJson(app, '/api/leads', first);
    const stored = (await storedRes.json()) as LeadAnswer;
    const res = await postJson(app, '/api/leads', { ...consultation({ idempotencyKey: 'reused-key-0001' }) });
    expect(res.status).toBe(409);
    expect(res.headers.get('set-cookie')).toBeNull();
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ ok: false, error: expect.stringContaining('already used for a different request') });
    const token = storedRes.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const secret of [token, stored.reference, first.name, 'first@example.com', 'Leak over the porch']) {
      expect(text).not.toContain(secret);
    }
    expect(await count('SELECT count(*) AS n FROM leads')).toBe(1);
  });

  it('answers a form post that reuses a key with the form page, the phone number and a fresh key', async () => {
    const app = appWith();
    const stored = (await (
      await postJson(app, '/api/leads', consultation({ idempotencyKey: 'reused-key-0002' }))
    ).json()) as LeadAnswer;
    const res = await postForm(
      app,
      '/api/leads?form=consultation',
      new URLSearchParams({
        kind: 'consultation',
        name: 'Other Person',
        phone: '9125550170',
        zip: '31405',
        idempotencyKey: 'reused-key-0002',
      }).toString(),
    );
    expect(res.status).toBe(409);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain(site.phone);
    expect(html).not.toContain('?ref=');
    expect(html).not.toContain(stored.reference);
    // Sending the form again must not run into the same key.
    expect(html).not.toContain('reused-key-0002');
  });
});

describe('defect 4: malformed multipart/form-data', () => {
  const malformed = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nno closing boundary';

  for (const path of ['/api/leads', '/api/report-issue']) {
    it(`answers 400 on ${path}, and logs no stack trace`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const res = await appWith().request(path, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
          body: malformed,
        });
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(await res.text()).toContain(site.phone);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });
  }
});

describe('defect 5: cross-site lead posts', () => {
  const fields = () =>
    new URLSearchParams({ kind: 'consultation', name: 'Cross Site', phone: '9125550180', zip: '31405' }).toString();

  it('refuses a form post whose Origin is another site with a 403 page that shows the phone number', async () => {
    const res = await postForm(appWith(), '/api/leads?form=consultation', fields(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(site.phone);
    expect(await count('SELECT count(*) AS n FROM leads')).toBe(0);
  });

  it('refuses a post whose Sec-Fetch-Site is cross-site, and an opaque "null" Origin', async () => {
    const crossSite = await postForm(appWith(), '/api/leads', fields(), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const opaque = await postJson(appWith(), '/api/leads', consultation(), { origin: 'null' });
    expect(opaque.status).toBe(403);
    expect(await opaque.json()).toEqual({ ok: false, error: expect.stringContaining(site.phone) });
    expect(await count('SELECT count(*) AS n FROM leads')).toBe(0);
  });

  it("keeps the site's own form working, with and without JavaScript", async () => {
    const app = appWith();
    const own = { origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin' };
    expect((await postForm(app, 'http://localhost/api/leads?form=consultation', fields(), own)).status).toBe(303);
    expect((await postJson(app, 'http://localhost/api/leads', consultation(), own)).status).toBe(201);
    // SITE_URL is this site too (a proxy may hand us another Host).
    const behindProxy = appWith({ SITE_URL: 'https://www.roofing.example' });
    const res = await postJson(behindProxy, '/api/leads', consultation(), { origin: 'https://www.roofing.example' });
    expect(res.status).toBe(201);
    // A client that sends neither header is not judged by them.
    expect((await postJson(app, '/api/leads', consultation())).status).toBe(201);
  });
});

describe('defect 6: small ones', () => {
  it('answers a POST to a page with 405 and Allow, and does not log it as a 404', async () => {
    for (const path of ['/about', '/contact', '/locations/pooler']) {
      const res = await appWith().request(path, { method: 'POST', body: 'x=1' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.text()).toContain(site.phone);
    }
    expect(await count('SELECT count(*) AS n FROM error_log')).toBe(0);
    // A page that does not exist is still a logged 404.
    expect((await appWith().request('/no-such-page', { method: 'POST' })).status).toBe(404);
  });

  it('refuses a name with a line break', async () => {
    const res = await postJson(appWith(), '/api/leads', consultation({ name: 'Pat\r\nBcc: everyone@example.com' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.name).toMatch(/one line/);
  });
});
