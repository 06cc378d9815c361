import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookableDates } from '../../lib/lead-schema.ts';
import { site } from '../../content/site.ts';
import { createApp } from '../app.ts';
import type { Db } from '../db/index.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import { startServer } from '../index.ts';
import { setSlotCapacity } from '../leads/store.ts';
import { openParallelTestDb } from '../../tests/lead-fixtures.ts';
import { loadSiteFiles, type SiteFiles } from '../site/site-files.ts';
import { LEAD_PAGE_FILES, makeTempDist, testEnv } from '../../tests/dist-fixture.ts';
import type { LeadAnswer } from '../../lib/lead-schema.ts';
import { MAX_LEAD_BYTES } from './leads.ts';

const postgresUrl = await reachableTestPostgres();

const DATES = bookableDates(new Date(), site.timeZone);
const human = () => ({ startedAt: Date.now() - 45_000, sentAt: Date.now() });
let serial = 0;
const consultation = (extra: Record<string, unknown> = {}) => ({
  kind: 'consultation',
  name: `Jane Doe ${++serial}`,
  phone: `912-555-${String(1000 + serial).slice(-4)}`,
  zip: '31405',
  idempotencyKey: `key-${Date.now()}-${serial}`,
  ...human(),
  ...extra,
});
const inspection = (date: string, extra: Record<string, unknown> = {}) =>
  consultation({
    kind: 'inspection',
    streetAddress: `${serial} Oak St`,
    preferredDate: date,
    preferredWindow: 'morning',
    ...extra,
  });

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let store: SiteFiles;

beforeAll(async () => {
  dist = await makeTempDist(LEAD_PAGE_FILES);
  store = await loadSiteFiles(dist.dir);
});

afterAll(async () => {
  await dist?.cleanup();
});

function appWith(db: Db, env: Record<string, string> = {}) {
  return createApp({ env: testEnv({ DIST_DIR: dist.dir, LEAD_RATE_LIMIT: '1000', ...env }), db, files: store });
}

/** The token cookie a lead's answer sets, as a Cookie header (`booking_access=…`). */
const accessCookie = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;

function postJson(app: ReturnType<typeof appWith>, body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function postForm(
  app: ReturnType<typeof appWith>,
  fields: Record<string, string>,
  path = '/api/leads',
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('POST /api/leads on PGlite', () => {
  let db: Db;
  const count = async (sql = 'SELECT count(*) AS n FROM leads') => (await db.one<{ n: number }>(sql)).n;

  beforeAll(async () => {
    db = await openParallelTestDb(null);
  });

  afterAll(async () => {
    await db?.close();
  });

  beforeEach(async () => {
    await db.exec('TRUNCATE leads, lead_notifications, booking_slots, error_log RESTART IDENTITY CASCADE');
  });

  it('stores a valid consultation, then answers 201 with its reference and confirmation link', async () => {
    const body = consultation({
      email: 'jane@example.com',
      message: 'Leak over the kitchen',
      landingPage: 'https://www.example.com/services/roof-repairs?utm_source=google&gclid=abc',
      referrer: 'https://www.google.com/',
      utmSource: 'google',
      utmCampaign: 'spring',
      gclid: 'abc',
      pageUrl: 'https://www.example.com/contact',
    });
    const res = await postJson(appWith(db), body, { 'user-agent': 'Mozilla/5.0 test' });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as LeadAnswer;
    expect(answer).toMatchObject({ ok: true, kind: 'consultation', outsideServiceArea: false });
    expect(answer.id).toBe(answer.reference);
    // The token goes to the browser as an HttpOnly cookie, never in an address the site's tags could read.
    expect(answer.redirect).toBe('/consultation-received');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^consultation_access=[A-Za-z0-9_-]{22};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    const row = await db.one<Record<string, unknown>>('SELECT * FROM leads');
    expect(row).toMatchObject({
      reference: answer.reference,
      kind: 'consultation',
      status: 'new',
      spam_reason: null,
      phone: `+1${String(body.phone).replace(/\D/g, '')}`,
      email: 'jane@example.com',
      message: 'Leak over the kitchen',
      landing_page: (body as Record<string, unknown>).landingPage,
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_campaign: 'spring',
      gclid: 'abc',
      page_url: 'https://www.example.com/contact',
      user_agent: 'Mozilla/5.0 test',
      outside_service_area: false,
      distance_miles: 0,
    });
    expect(row.fill_ms).toBeGreaterThan(40_000);
    const notes = await db.query<{ channel: string; state: string }>('SELECT channel, state FROM lead_notifications');
    expect(notes).toEqual([{ channel: 'email', state: 'pending' }]);
  });

  it('adds a webhook notification when a CRM webhook is configured', async () => {
    const app = appWith(db, { CRM_WEBHOOK_URL: 'http://127.0.0.1:9/hook', CRM_WEBHOOK_SECRET: 'a-long-shared-secret' });
    expect((await postJson(app, consultation())).status).toBe(201);
    const channels = await db.query<{ channel: string }>('SELECT channel FROM lead_notifications ORDER BY channel');
    expect(channels.map((c) => c.channel)).toEqual(['email', 'webhook']);
  });

  it('answers 400 with every bad field and stores nothing', async () => {
    const res = await postJson(appWith(db), {
      kind: 'inspection',
      name: '',
      phone: '555',
      zip: '1',
      preferredDate: '2020-01-01',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { ok: boolean; error: string; fields: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(/check/);
    expect(Object.keys(body.fields).sort()).toEqual([
      'name',
      'phone',
      'preferredDate',
      'preferredWindow',
      'streetAddress',
      'zip',
    ]);
    expect(await count()).toBe(0);
  });

  it('answers 400 to a body that is not JSON, and 413 to one larger than any valid lead', async () => {
    expect((await postJson(appWith(db), '{"kind":')).status).toBe(400);
    expect((await postJson(appWith(db), consultation({ message: 'x'.repeat(MAX_LEAD_BYTES) }))).status).toBe(413);
    expect(await count()).toBe(0);
  });

  const ESTIMATE = {
    sizeBasis: 'footprint',
    sizeSqFt: 1800,
    pitch: 'walkable',
    stories: 1,
    material: 'any',
    layers: 2,
    low: 7500,
    high: 23000,
    basis: "HomeAdvisor's December 2024 cost data",
  };

  it('stores a lead whose text carries a NUL character (a paste, an odd ad link), without the NUL', async () => {
    const json = await postJson(appWith(db), consultation({ message: 'Leak\u0000 by the chimney', utmSource: 'goo\u0000gle' }));
    expect(json.status).toBe(201);
    const form = await postForm(appWith(db), {
      kind: 'consultation',
      name: 'Form\u0000 Visitor',
      phone: '912-555-0199',
      zip: '31405',
      message: 'a\u0000b',
    });
    expect(form.status).toBe(303);
    const rows = await db.query<{ name: string; message: string; utm_source: string | null }>(
      'SELECT name, message, utm_source FROM leads ORDER BY id',
    );
    expect(rows.map((r) => [r.message, r.utm_source])).toEqual([
      ['Leak by the chimney', 'google'],
      ['ab', null],
    ]);
    expect(rows[1]!.name).toBe('Form Visitor');
    // An estimate sent as a form field is JSON read later: an escaped NUL in it is refused at its field, not a 500.
    const estimate = await postForm(appWith(db), {
      kind: 'consultation',
      name: 'Escaped Visitor',
      phone: '912-555-0198',
      zip: '31405',
      estimate: JSON.stringify({ ...ESTIMATE, basis: 'Home\u0000Advisor' }),
    });
    expect(estimate.status).toBe(400);
    expect(await estimate.text()).toMatch(/could not be read/);
  });

  it('stores the roof estimate posted with a consultation, as JSON or as a form field', async () => {
    const json = await postJson(appWith(db), consultation({ estimate: ESTIMATE }));
    expect(json.status).toBe(201);
    const form = await postForm(appWith(db), {
      kind: 'consultation',
      name: 'Form Estimate',
      phone: '9125550125',
      zip: '31405',
      estimate: JSON.stringify(ESTIMATE),
    });
    expect(form.status).toBe(303);
    const rows = await db.query<{ estimate: unknown }>('SELECT estimate FROM leads ORDER BY id');
    expect(rows.map((r) => r.estimate)).toEqual([ESTIMATE, ESTIMATE]);
    // The visitor's confirmation page shows what was stored.
    const page = await appWith(db).request(form.headers.get('location')!, { headers: { cookie: accessCookie(form) } });
    expect(await page.text()).toContain('$7,500–$23,000');
  });

  it('keeps the estimate in the form a post without JavaScript gets back with errors', async () => {
    const res = await postForm(appWith(db), {
      kind: 'consultation',
      phone: '9125550127',
      zip: '31405',
      estimate: JSON.stringify(ESTIMATE),
    });
    expect(res.status).toBe(400);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Your roof estimate goes with this request');
    expect(html).toContain('$7,500–$23,000');
    expect(html).toMatch(/<input type="hidden" name="estimate" value="[^"]*&quot;sizeSqFt&quot;:1800/);
    expect(await count()).toBe(0);
  });

  it('refuses an oversized or malformed estimate with 400 and a clear message at its field, storing nothing', async () => {
    const oversized = await postJson(appWith(db), consultation({ estimate: { ...ESTIMATE, basis: 'x'.repeat(1500) } }));
    expect(oversized.status).toBe(400);
    expect(((await oversized.json()) as { fields: Record<string, string> }).fields).toEqual({
      estimate: expect.stringMatching(/^The roof estimate sent with this request is larger than the estimator makes/),
    });
    const malformed = await postJson(appWith(db), consultation({ estimate: { ...ESTIMATE, low: 90_000 } }));
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { fields: Record<string, string> }).fields).toEqual({
      estimate: expect.stringMatching(/^The roof estimate sent with this request could not be read/),
    });
    // A form post gets the form back with the message shown.
    const form = await postForm(appWith(db), {
      kind: 'consultation',
      name: 'Bad Estimate',
      phone: '9125550126',
      zip: '31405',
      estimate: '{"material":"gold"}',
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('could not be read');
    expect(await count()).toBe(0);
  });

  it('redirects a form post without JavaScript (303) to the confirmation page', async () => {
    const res = await postForm(
      appWith(db),
      {
        kind: 'consultation',
        name: 'No Script',
        phone: '9125550123',
        zip: '31405',
        idempotencyKey: '',
        startedAt: '',
        website: '',
      },
      '/api/leads',
      { referer: 'https://www.example.com/contact' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/consultation-received');
    expect(accessCookie(res)).toMatch(/^consultation_access=[A-Za-z0-9_-]{22}$/);
    const row = await db.one<{ name: string; page_url: string; idempotency_key: string }>(
      'SELECT name, page_url, idempotency_key FROM leads',
    );
    expect(row).toMatchObject({ name: 'No Script', page_url: 'https://www.example.com/contact' });
    expect(row.idempotency_key).toMatch(/^derived-/);
  });

  it('makes a double submit without JavaScript one lead', async () => {
    const fields = { kind: 'consultation', name: 'Double Click', phone: '9125550124', zip: '31405' };
    const [a, b] = await Promise.all([postForm(appWith(db), fields), postForm(appWith(db), fields)]);
    expect(a.headers.get('location')).toBe(b.headers.get('location'));
    expect(await count()).toBe(1);
  });

  it('gives a form post with errors the contact page back, values kept and errors at the fields', async () => {
    const res = await postForm(appWith(db), {
      kind: 'consultation',
      name: 'Kept Name',
      phone: '12',
      zip: '31405',
      message: 'Kept <message>',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/<title>Not sent yet, please check the form: Contact<\/title>/);
    expect(html).toContain('value="Kept Name"');
    expect(html).toContain('Kept &lt;message&gt;');
    expect(html).toMatch(
      /id="consultation-phone"[^>]*aria-invalid="true"[^>]*aria-describedby="consultation-phone-hint consultation-phone-error"/,
    );
    expect(html).toContain('Enter a 10-digit US phone number, area code first.');
    expect(html).toMatch(/autofocus=""[^>]*name="phone"|name="phone"[^>]*autofocus=""/);
    // The island's props carry the values, so hydration renders the same form.
    expect(html).toMatch(/data-island="ConsultationForm"[^>]*data-props="[^"]*Kept Name/);
    expect(html).toContain('data-island="InspectionForm"');
    expect(await count()).toBe(0);
  });

  it('gives a form post the server could not store the form back, values kept, with the phone number', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = () => Promise.reject(new Error('database is down'));
    const failingDb: Db = { ...db, query: down, one: down, maybeOne: down, exec: down, transaction: down };
    const res = await postForm(appWith(failingDb), {
      kind: 'consultation',
      name: 'Stranded Visitor',
      phone: '912-555-0142',
      zip: '31405',
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<title>Not sent yet, please check the form: Contact<\/title>/);
    expect(html).toContain('value="Stranded Visitor"');
    expect(html).toMatch(/class="form-failure" role="alert"[^>]*>.*was not sent yet.*Call (.|\n)*/);
    expect(html).toContain(`href="tel:+1${site.phone.replace(/\D/g, '')}"`);
    // The form comes back with the key the post was given, so sending it again cannot store it twice.
    expect(html).toMatch(/name="idempotencyKey" value="derived-[\w-]+"/);
    // JSON senders still get the API's error shape.
    const json = await postJson(appWith(failingDb), consultation());
    expect(json.status).toBe(500);
    expect(await json.json()).toMatchObject({ ok: false });
    logged.mockRestore();
  });

  it('treats a filled honeypot as a bot: the ordinary success answer, kept as spam, nobody notified', async () => {
    const res = await postJson(appWith(db), consultation({ website: 'http://cheap-pills.example' }));
    expect(res.status).toBe(201);
    const answer = (await res.json()) as LeadAnswer;
    expect(Object.keys(answer).sort()).toEqual(['id', 'kind', 'ok', 'outsideServiceArea', 'redirect', 'reference']);
    expect(await db.one('SELECT status, spam_reason FROM leads')).toEqual({ status: 'spam', spam_reason: 'honeypot' });
    expect(await count('SELECT count(*) AS n FROM lead_notifications')).toBe(0);
  });

  it('treats a form sent faster than a person can fill it as a bot', async () => {
    const now = Date.now();
    const res = await postJson(appWith(db), consultation({ startedAt: now - 400, sentAt: now }));
    expect(res.status).toBe(201);
    expect(await db.one('SELECT spam_reason FROM leads')).toEqual({ spam_reason: 'too_fast' });
    expect(await count('SELECT count(*) AS n FROM lead_notifications')).toBe(0);
  });

  it("measures fill time on the visitor's own clock, so a clock hours off is not mistaken for a bot", async () => {
    const skewed = Date.now() + 3 * 3600_000;
    await postJson(appWith(db), consultation({ startedAt: skewed - 20_000, sentAt: skewed }));
    expect(await db.one('SELECT spam_reason, fill_ms FROM leads')).toEqual({ spam_reason: null, fill_ms: 20_000 });
  });

  it('refuses a client past the rate limit with 429, the phone number and Retry-After, storing nothing more', async () => {
    const app = appWith(db, { LEAD_RATE_LIMIT: '2' });
    expect((await postJson(app, consultation())).status).toBe(201);
    expect((await postJson(app, consultation())).status).toBe(201);
    const res = await postJson(app, consultation());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await res.json()) as { ok: boolean; error: string };
    expect(body.ok).toBe(false);
    expect(body.error).toContain(site.phone);
    expect(await count()).toBe(2);
  });

  it('still answers a retry of a stored request past the rate limit, and a bot with a success', async () => {
    const app = appWith(db, { LEAD_RATE_LIMIT: '1' });
    const first = consultation();
    const stored = (await (await postJson(app, first)).json()) as LeadAnswer;
    const retry = await postJson(app, first);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as LeadAnswer).reference).toBe(stored.reference);
    const bot = await postJson(app, consultation({ website: 'spam' }));
    expect(bot.status).toBe(201);
    expect(await count()).toBe(1);
  });

  it('shows a form post past the rate limit the form again with the phone number and text message', async () => {
    const app = appWith(db, { LEAD_RATE_LIMIT: '1' });
    await postJson(app, consultation());
    const res = await postForm(app, { kind: 'consultation', name: 'Too Many', phone: '9125550125', zip: '31405' });
    expect(res.status).toBe(429);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain(site.phone);
    expect(html).toMatch(/href="sms:\+1\d{10}\?&amp;body=[^"]*Too%20Many/);
    expect(html).toContain('value="Too Many"');
  });

  it('answers a repeated idempotency key with the same request with the first lead', async () => {
    const body = consultation();
    const first = await postJson(appWith(db), body);
    const a = (await first.json()) as LeadAnswer;
    // A retry carries a later send time; it is still the same request.
    const res = await postJson(appWith(db), { ...body, sentAt: Date.now() + 5_000 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as LeadAnswer).reference).toBe(a.reference);
    expect(accessCookie(res)).toBe(accessCookie(first));
    expect(await count()).toBe(1);
  });

  it('flags a ZIP beyond 75 miles, keeps the lead and says so', async () => {
    const res = await postJson(appWith(db), consultation({ zip: '30301' }));
    expect(((await res.json()) as LeadAnswer).outsideServiceArea).toBe(true);
    const row = await db.one<{ outside_service_area: boolean; distance_miles: number }>(
      'SELECT outside_service_area, distance_miles FROM leads',
    );
    expect(row.outside_service_area).toBe(true);
    expect(row.distance_miles).toBeGreaterThan(200);
    expect(await count('SELECT count(*) AS n FROM lead_notifications')).toBe(1);
  });

  it('flags a ZIP the data set does not know, and keeps a nearby one inside the area', async () => {
    await postJson(appWith(db), consultation({ zip: '00000' }));
    await postJson(appWith(db), consultation({ zip: '31410' }));
    const rows = await db.query<{ zip: string; outside_service_area: boolean; distance_miles: number | null }>(
      'SELECT zip, outside_service_area, distance_miles FROM leads ORDER BY id',
    );
    expect(rows[0]).toEqual({ zip: '00000', outside_service_area: true, distance_miles: null });
    expect(rows[1]!.outside_service_area).toBe(false);
    expect(rows[1]!.distance_miles).toBeLessThan(20);
  });

  it('refuses a full window with 409 and the next free windows; a form post offers them as buttons', async () => {
    const date = DATES[2]!;
    await setSlotCapacity(db, { date, window: 'morning' }, 1);
    expect((await postJson(appWith(db), inspection(date))).status).toBe(201);
    const res = await postJson(appWith(db), inspection(date));
    expect(res.status).toBe(409);
    const body = (await res.json()) as {
      ok: false;
      error: string;
      fields: Record<string, string>;
      alternatives: { date: string; window: string; label: string }[];
    };
    expect(body.fields.preferredWindow).toMatch(/fully booked/);
    expect(body.alternatives[0]).toMatchObject({ date, window: 'afternoon' });
    expect(body.alternatives).toHaveLength(3);

    const form = await postForm(appWith(db), {
      ...(inspection(date) as unknown as Record<string, string>),
      startedAt: '',
      sentAt: '',
    });
    expect(form.status).toBe(409);
    const html = await form.text();
    expect(html).toMatch(new RegExp(`<button type="submit" value="${date}\\|afternoon"[^>]*name="slot"`));
    expect(await count()).toBe(1);
  });

  it('books the free window a "book this one instead" button names', async () => {
    const date = DATES[2]!;
    const fields = {
      ...(inspection(date) as unknown as Record<string, string>),
      startedAt: '',
      sentAt: '',
      slot: `${date}|afternoon`,
    };
    const res = await postForm(appWith(db), fields);
    expect(res.status).toBe(303);
    expect(await db.one('SELECT preferred_window FROM leads')).toEqual({ preferred_window: 'afternoon' });
  });

  it('lists the places left for the date picker, uncached', async () => {
    await postJson(appWith(db), inspection(DATES[0]!));
    const res = await appWith(db).request('/api/leads/availability');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as {
      timeZone: string;
      firstDate: string;
      lastDate: string;
      services: string[];
      days: { date: string; windows: Record<string, { capacity: number; remaining: number }> }[];
    };
    expect(body.timeZone).toBe('America/New_York');
    expect(body.firstDate).toBe(DATES[0]);
    expect(body.lastDate).toBe(DATES.at(-1));
    expect(body.services).toContain('Roof Repair');
    expect(body.days[0]!.windows.morning).toEqual({ capacity: 3, remaining: 2 });
  });

  it('shows the booking on /appointment-scheduled for its token only, and serves its .ics', async () => {
    const date = DATES[1]!;
    const posted = await postJson(appWith(db), inspection(date, { preferredWindow: 'afternoon' }));
    const answer = (await posted.json()) as LeadAnswer;
    expect(answer.redirect).toBe('/appointment-scheduled');
    const cookie = accessCookie(posted);
    const token = cookie.split('=')[1]!;
    expect(cookie).toBe(`booking_access=${token}`);
    const pageRes = await appWith(db).request(answer.redirect, { headers: { cookie } });
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get('cache-control')).toBe('no-store');
    const html = await pageRes.text();
    expect(html).toContain(answer.reference);
    expect(html).toContain('Afternoon');
    expect(html).toContain('Oak St');
    expect(html).not.toContain('Generic booking text.');
    // The page links the calendar file without the token: the cookie opens it.
    expect(html).toContain('href="/api/leads/inspection.ics"');
    expect(html).not.toContain(token);

    for (const headers of [{}, { cookie: 'booking_access=AAAAAAAAAAAAAAAAAAAAAA' }] as Record<string, string>[]) {
      const otherRes = await appWith(db).request('/appointment-scheduled', { headers });
      // Never stored by a cache or the service worker, which could show it in place of someone's details.
      expect(otherRes.headers.get('cache-control')).toBe('no-store');
      const other = await otherRes.text();
      expect(other).toContain('Generic booking text.');
      expect(other).not.toContain(answer.reference);
    }

    // An address made before the cookie sets it and sends the browser to the bare address.
    const legacy = await appWith(db).request(`/appointment-scheduled?ref=${token}`);
    expect(legacy.status).toBe(303);
    expect(legacy.headers.get('location')).toBe('/appointment-scheduled');
    expect(accessCookie(legacy)).toBe(cookie);
    // A made-up token, or another kind's, sends the browser on without touching the visitor's cookie.
    for (const bad of ['garbage', 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await appWith(db).request(`/appointment-scheduled?ref=${bad}`, { headers: { cookie } });
      expect(res.status).toBe(303);
      expect(res.headers.get('set-cookie')).toBeNull();
    }

    const ics = await appWith(db).request('/api/leads/inspection.ics', { headers: { cookie } });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.headers.get('content-disposition')).toContain(`roof-inspection-${answer.reference}.ics`);
    const text = await ics.text();
    expect(text).toContain(`DTSTART:${date.replace(/-/g, '')}T1`);
    expect(text).toContain(answer.reference);
    expect((await appWith(db).request(`/api/leads/inspection.ics?ref=${token}`)).status).toBe(200);
    expect((await appWith(db).request('/api/leads/inspection.ics?ref=nope')).status).toBe(404);
    expect((await appWith(db).request('/api/leads/inspection.ics')).status).toBe(404);
  });

  it('offers no calendar file for a booking beyond the service area: nothing is scheduled until the office calls', async () => {
    const posted = await postJson(appWith(db), inspection(DATES[2]!, { zip: '30301' }));
    const answer = (await posted.json()) as LeadAnswer;
    const html = await (await appWith(db).request(answer.redirect, { headers: { cookie: accessCookie(posted) } })).text();
    expect(html).toContain(answer.reference);
    expect(html).toMatch(
      /beyond the 75-mile area we usually serve, so the office will call you to talk it through before anything is scheduled/,
    );
    expect(html).not.toContain('inspection.ics');
    expect(html).not.toContain('Add to my calendar');
  });

  it('shows a consultation its reference and the out-of-area note', async () => {
    const posted = await postJson(appWith(db), consultation({ zip: '30301' }));
    const answer = (await posted.json()) as LeadAnswer;
    const cookie = accessCookie(posted);
    const html = await (await appWith(db).request(answer.redirect, { headers: { cookie } })).text();
    expect(html).toContain(answer.reference);
    expect(html).toMatch(/beyond the 75-mile area we usually serve, so the office will call you/);
    // A consultation's token does not open the booking page, even sent as the booking's cookie.
    const booking = await (
      await appWith(db).request('/appointment-scheduled', {
        headers: { cookie: cookie.replace('consultation_access=', 'booking_access=') },
      })
    ).text();
    expect(booking).not.toContain(answer.reference);
    // Nor does its old address set the booking's cookie.
    const token = cookie.split('=')[1]!;
    const crossed = await appWith(db).request(`/appointment-scheduled?ref=${token}`);
    expect(crossed.status).toBe(303);
    expect(crossed.headers.get('set-cookie')).toBeNull();
  });
});

const backends = [
  { name: 'PGlite', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`20 parallel bookings through the API on ${backend.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openParallelTestDb(backend.url);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('gives 3 places to exactly 3 requests and offers the rest the next free windows', async () => {
      const app = appWith(db);
      const date = DATES[10]!;
      const responses = await Promise.all(Array.from({ length: 20 }, () => postJson(app, inspection(date))));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(17);
      for (const res of responses.filter((r) => r.status === 409)) {
        const body = (await res.json()) as { alternatives: { date: string; window: string }[] };
        expect(body.alternatives[0]).toMatchObject({ date, window: 'afternoon' });
      }
      expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM leads')).n).toBe(3);
    });
  });
}

describe('/report-issue', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openParallelTestDb(null);
  });

  it('stores a report as kind visitor with the optional email', async () => {
    const app = appWith(db);
    const res = await app.request('/api/report-issue', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'UA', referer: 'https://x.example/report-issue' },
      body: JSON.stringify({ message: 'The gallery is empty', page: '/gallery', email: 'a@example.com' }),
    });
    expect(res.status).toBe(201);
    expect(await db.one('SELECT kind, message, url, contact_email, user_agent FROM error_log')).toEqual({
      kind: 'visitor',
      message: 'The gallery is empty',
      url: '/gallery',
      contact_email: 'a@example.com',
      user_agent: 'UA',
    });
  });

  it('answers a form post with a redirect to the thank-you, and errors with the form again', async () => {
    const app = appWith(db);
    const ok = await postForm(app, { message: 'Button does nothing', page: '/faq', email: '' }, '/api/report-issue');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/report-issue?sent=1');
    expect(await (await app.request('/report-issue?sent=1')).text()).toContain('your report reached us');
    const bad = await postForm(app, { message: '', page: '/faq', email: 'nope' }, '/api/report-issue');
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Tell us what happened.');
    expect(html).toContain('value="/faq"');
  });

  it('stores nothing for a filled honeypot, yet thanks it', async () => {
    await db.exec('TRUNCATE error_log');
    const res = await postForm(appWith(db), { message: 'Buy now', website: 'http://spam' }, '/api/report-issue');
    expect(res.status).toBe(303);
    expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM error_log')).n).toBe(0);
  });

  it('prefills the page from ?page=', async () => {
    const html = await (await appWith(db).request('/report-issue?page=%2Fblog%2Fatlas-vs-gaf')).text();
    expect(html).toMatch(/name="page"[^>]*value="\/blog\/atlas-vs-gaf"|value="\/blog\/atlas-vs-gaf"[^>]*name="page"/);
  });

  it('serves /appointment-scheduled with its booking past the static fast path of the real server', async () => {
    const running = await startServer(testEnv({ PORT: '0', HOST: '127.0.0.1', DIST_DIR: dist.dir, LEAD_RATE_LIMIT: '100' }), {
      db,
    });
    try {
      const date = DATES[0]!;
      const res = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(inspection(date)),
      });
      const answer = (await res.json()) as LeadAnswer;
      const cookie = accessCookie(res);
      const html = await (await fetch(`http://127.0.0.1:${running.port}${answer.redirect}`, { headers: { cookie } })).text();
      expect(html).toContain(answer.reference);
      const plain = await fetch(`http://127.0.0.1:${running.port}/appointment-scheduled`);
      expect(plain.headers.get('cache-control')).toBe('no-store');
      expect(await plain.text()).toContain('Generic booking text.');
    } finally {
      await running.shutdown();
    }
  });
});
