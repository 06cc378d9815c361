import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { recentErrorLog } from '../db/error-log.ts';
import type { Db } from '../db/index.ts';
import { openTestDb } from '../../tests/test-db.ts';
import { loadSiteFiles, type SiteFiles } from '../site/site-files.ts';
import { makeTempDist, testEnv } from '../../tests/dist-fixture.ts';
import { ERROR_REPORTS_PER_MINUTE, MAX_ERROR_REPORT_BYTES } from './error-report.ts';

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let store: SiteFiles;
let db: Db;

beforeAll(async () => {
  dist = await makeTempDist({ 'index.html': '<h1>Home</h1>', '404.html': '<h1>Not found</h1>' });
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

function newApp(env: Record<string, string> = {}) {
  return createApp({ env: testEnv({ DIST_DIR: dist.dir, ...env }), db, files: store });
}

const report = {
  message: "Cannot read properties of undefined (reading 'map')",
  stack: 'TypeError: Cannot read properties of undefined\n    at Reviews (reviews.tsx:12:5)',
  componentStack: '\n    at Reviews\n    at Home',
  timestamp: '2025-07-04T14:30:00.000Z',
  userAgent: 'Mozilla/5.0 (iPhone)',
  url: 'https://roof.example.com/testimonials',
};

function post(app: ReturnType<typeof newApp>, body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/error-report', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const storedReports = () => recentErrorLog(db, 'render', 100);

describe('POST /api/error-report', () => {
  it('stores a valid report as a render error and answers 204', async () => {
    const res = await post(newApp(), report, { referer: 'https://roof.example.com/testimonials' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const rows = await storedReports();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'render',
      message: report.message,
      stack: report.stack,
      component_stack: report.componentStack,
      url: report.url,
      user_agent: report.userAgent,
      referrer: 'https://roof.example.com/testimonials',
      client_timestamp: new Date(report.timestamp),
    });
  });

  it('accepts epoch milliseconds and fills the user agent from the request', async () => {
    const { userAgent: _omitted, stack: _stack, componentStack: _cs, ...minimal } = report;
    const res = await post(newApp(), { ...minimal, timestamp: 1_751_639_400_000 }, { 'user-agent': 'HeaderAgent/2' });
    expect(res.status).toBe(204);
    const [row] = await storedReports();
    expect(row).toMatchObject({ user_agent: 'HeaderAgent/2', stack: null, client_timestamp: new Date(1_751_639_400_000) });
  });

  it('stores a report whose text carries NUL characters, without them (the database refuses NUL)', async () => {
    const res = await post(newApp(), { ...report, message: 'boom\u0000 here', stack: 'at x\u0000' });
    expect(res.status).toBe(204);
    expect((await storedReports())[0]).toMatchObject({ message: 'boom here', stack: 'at x' });
  });

  it('accepts a report sent by sendBeacon as text/plain', async () => {
    const res = await post(newApp(), report, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
    expect(await storedReports()).toHaveLength(1);
  });

  it('rejects malformed JSON with 400 and stores nothing', async () => {
    const res = await post(newApp(), '{"message": "oops",');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: 'The request body is not valid JSON.' });
    expect(await storedReports()).toEqual([]);
  });

  it('rejects JSON that is not an object', async () => {
    const res = await post(newApp(), '[1, 2]');
    expect(res.status).toBe(400);
    expect(await storedReports()).toEqual([]);
  });

  it('rejects invalid fields with 400 naming each field', async () => {
    const res = await post(newApp(), {
      message: '',
      stack: 's'.repeat(8001),
      timestamp: 'last tuesday',
      url: 'u'.repeat(2049),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ ok: false, error: 'The error report has invalid fields.' });
    expect(Object.keys(body.fields).sort()).toEqual(['message', 'stack', 'timestamp', 'url']);
    expect(body.fields.stack).toBe('must be at most 8000 characters');
    expect(await storedReports()).toEqual([]);
  });

  it('caps message, component stack and user agent lengths', async () => {
    const res = await post(newApp(), {
      ...report,
      message: 'm'.repeat(2001),
      componentStack: 'c'.repeat(8001),
      userAgent: 'a'.repeat(513),
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).fields).sort()).toEqual(['componentStack', 'message', 'userAgent']);
  });

  it('answers 413 past 16 KB and stores nothing', async () => {
    const big = {
      ...report,
      stack: 'x'.repeat(7_000),
      componentStack: 'y'.repeat(7_000),
      message: 'z'.repeat(2_000) + 'w'.repeat(1_000),
    };
    const body = JSON.stringify(big);
    expect(body.length).toBeGreaterThan(MAX_ERROR_REPORT_BYTES);
    const streamed = await post(newApp(), body);
    const declared = await post(newApp(), body, { 'content-length': String(Buffer.byteLength(body)) });
    for (const res of [streamed, declared]) {
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ ok: false, error: expect.stringContaining('16 KB') });
    }
    expect(await storedReports()).toEqual([]);
  });

  it(`answers 429 once one client sends more than ${ERROR_REPORTS_PER_MINUTE} in a minute`, async () => {
    const app = newApp();
    const statuses: number[] = [];
    for (let i = 0; i <= ERROR_REPORTS_PER_MINUTE; i++) statuses.push((await post(app, report)).status);
    expect(statuses.slice(0, ERROR_REPORTS_PER_MINUTE)).toEqual(Array(ERROR_REPORTS_PER_MINUTE).fill(204));
    const refused = await post(app, report);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ ok: false });
    expect(await storedReports()).toHaveLength(ERROR_REPORTS_PER_MINUTE);
  });

  it('counts clients apart behind a trusted proxy, and ignores forged X-Forwarded-For otherwise', async () => {
    const trusted = newApp({ TRUST_PROXY: 'true' });
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) await post(trusted, report, { 'x-forwarded-for': '198.51.100.1' });
    expect((await post(trusted, report, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
    expect((await post(trusted, report, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(204);

    const direct = newApp();
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) await post(direct, report, { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await post(direct, report, { 'x-forwarded-for': '10.0.0.99' })).status).toBe(429);
  });

  it('only accepts POST', async () => {
    expect((await newApp().request('/api/error-report')).status).toBe(404);
  });
});
