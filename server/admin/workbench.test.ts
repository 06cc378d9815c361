import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { site } from '../../content/site.ts';
import { bookableDates } from '../../lib/lead-schema.ts';
import { cookiesOf, SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { totpCode } from '../auth/second-factor.ts';
import { deliveryProblem } from './lead/data.ts';

let t: AdminTestApp;
let owner: string;
let office: string;
let serial = 0;

beforeAll(async () => {
  t = await startAdminTestApp({
    standIn: false,
    // The Place ID alone: the review link needs it; without the key no review is fetched from Google.
    env: { LEAD_RATE_LIMIT: '1000', GOOGLE_PLACE_ID: 'ChIJ-test-place' },
  });
  owner = await t.sessionFor('wb-owner', 'super_admin');
  office = await t.sessionFor('wb-office', 'admin');
});

afterAll(async () => {
  await t?.close();
});

const human = () => ({ startedAt: Date.now() - 45_000, sentAt: Date.now() });

/** A lead posted through the public API, as a visitor's browser does; returns its reference. */
async function submit(extra: Record<string, unknown> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  serial++;
  const res = await t.app.request('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'consultation',
      name: `Visitor ${serial}`,
      phone: `912-555-${String(2000 + serial).slice(-4)}`,
      zip: '31405',
      idempotencyKey: `wb-${Date.now()}-${serial}`,
      ...human(),
      ...extra,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function lead(extra: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await submit(extra);
  expect(status).toBe(201);
  return body.reference as string;
}

function post(path: string, body: unknown, cookie = owner) {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function form(path: string, fields: Record<string, string>, cookie = owner) {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The session cookie a response set (a step that gained rights replaced the token). */
const sessionCookie = (res: Response) => `admin_session=${cookiesOf(res).admin_session!.value}`;

const page = async (path: string, cookie = owner) => {
  const res = await t.app.request(path, { headers: { cookie } });
  // React separates adjacent text with <!-- -->; the words are what is checked.
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, '') };
};

describe('the leads inbox', () => {
  it('records a status change and a note with who made them and when, and shows both on the lead', async () => {
    const ref = await lead({ name: 'Status Person' });
    const before = Date.now();
    const changed = await post(`/api/admin/leads/${ref}/status`, { status: 'contacted' }, office);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ ok: true, changed: true, status: 'contacted' });
    expect(await (await post(`/api/admin/leads/${ref}/status`, { status: 'contacted' }, office)).json()).toMatchObject({
      changed: false,
    });
    expect((await post(`/api/admin/leads/${ref}/notes`, { body: 'Called back: <b>wants</b> a quote' })).status).toBe(200);
    const events = await t.db.query<{
      kind: string;
      from_value: string;
      to_value: string;
      actor_login: string;
      created_at: Date;
    }>(
      `SELECT e.kind, e.from_value, e.to_value, e.actor_login, e.created_at FROM lead_events e JOIN leads l ON l.id = e.lead_id
       WHERE l.reference = $1 ORDER BY e.id`,
      [ref],
    );
    expect(events.map((e) => [e.kind, e.from_value, e.to_value, e.actor_login])).toEqual([
      ['status', 'new', 'contacted', 'wb-office'],
      ['note', null, null, 'wb-owner'],
    ]);
    expect(events[0]!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const { html } = await page(`/admin/lead?ref=${ref}`);
    expect(html).toContain('Status New → Contacted by <strong>@wb-office</strong>');
    // The note is text, never markup.
    expect(html).toContain('Called back: &lt;b&gt;wants&lt;/b&gt; a quote');
    expect(html).toContain('href="tel:+1912555');
  });

  it('logs a tap on Call, and the list and the lead say how long a lead waited for its first touch', async () => {
    const ref = await lead({ name: 'Touch Person', smsConsent: true });
    const untouched = (await page(`/admin/leads?q=${ref}`)).html;
    expect(untouched).toMatch(/<strong class="lead-waiting" data-touch-text="">Waiting (under a minute|1 min)<\/strong>/);
    const detail = (await page(`/admin/lead?ref=${ref}`)).html;
    expect(detail).toContain(`data-touch="call" data-touch-action="/api/admin/leads/${ref}/contact"`);
    expect(detail).toContain(`data-touch="text" data-touch-action="/api/admin/leads/${ref}/contact"`);
    expect((await post(`/api/admin/leads/${ref}/contact`, { channel: 'fax' }, office)).status).toBe(422);
    expect(await (await post(`/api/admin/leads/${ref}/contact`, { channel: 'call' }, office)).json()).toMatchObject({ ok: true });
    const touched = (await page(`/admin/leads?q=${ref}`)).html;
    expect(touched).toMatch(/data-touch-text="">First touch after (under a minute|1 min)</);
    expect(touched).not.toContain('lead-waiting');
    const after = (await page(`/admin/lead?ref=${ref}`)).html;
    expect(after).toContain('Tapped Call by <strong>@wb-office</strong>');
    expect(after).toMatch(/First touch after (under a minute|1 min) from when it arrived\./);
    expect((await page('/admin')).html).toMatch(/Today’s leads were first called, texted or updated after .+ \(median\)/);
  });

  it('offers a text only to a visitor who agreed to texts, says why not otherwise, and opens the address in maps', async () => {
    const days = bookableDates(new Date(), site.timeZone);
    const visit = { kind: 'inspection', streetAddress: '12 Oak St', preferredDate: days[3], preferredWindow: 'morning' };
    const agreed = await lead({ name: 'Texts Yes', smsConsent: true, ...visit });
    const refused = await lead({ name: 'Texts No', smsConsent: false });
    const yes = (await page(`/admin/lead?ref=${agreed}`)).html;
    expect(yes).toMatch(/href="sms:\+1\d{10}\?&amp;body=/);
    expect(yes).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=12%20Oak%20St%2C%2031405"');
    const no = (await page(`/admin/lead?ref=${refused}`)).html;
    expect(no).not.toContain('href="sms:');
    expect(no).toContain('No text: they did not agree to receive text messages.');
    expect(no).not.toContain('maps/search');
  });

  it('asks a won customer for a Google review once, by text, with the write-a-review link, and logs it', async () => {
    const ref = await lead({ name: 'Review Person', smsConsent: true });
    expect((await page(`/admin/lead?ref=${ref}`)).html).not.toContain('Ask for a review');
    expect((await post(`/api/admin/leads/${ref}/review`, { channel: 'text' })).status).toBe(409);
    await post(`/api/admin/leads/${ref}/status`, { status: 'won' });
    expect((await page(`/admin/lead?ref=${ref}`)).html).toContain('Ask by text');
    const asked = await form(`/api/admin/leads/${ref}/review`, { channel: 'text' });
    expect(asked.status).toBe(303);
    const { html } = await page(asked.headers.get('location')!);
    expect(html).toMatch(/href="sms:\+1\d{10}\?&amp;body=[^"]*writereview%3Fplaceid%3DChIJ-test-place/);
    expect(html).toContain('Asked for a Google review by text by <strong>@wb-owner</strong>');
    const again = await post(`/api/admin/leads/${ref}/review`, { channel: 'email' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain('already asked');
  });

  it("shows the visitor's roof estimate on the lead", async () => {
    const estimate = {
      sizeBasis: 'footprint',
      sizeSqFt: 1600,
      pitch: 'low',
      stories: 1,
      material: 'flat',
      layers: 1,
      low: 6400,
      high: 9800,
      basis: "Today's Homeowner's May 2023 cost guide",
    };
    const ref = await lead({ name: 'Estimate Person', estimate });
    const { html } = await page(`/admin/lead?ref=${ref}`);
    expect(html).toContain('Roof estimate');
    expect(html).toContain('$6,400–$9,800 (Today&#x27;s Homeowner&#x27;s May 2023 cost guide)');
    expect(html).toContain('Flat or low-slope membrane');
  });

  it('refuses an unknown status and an empty note, and a refused form post keeps what was typed', async () => {
    const ref = await lead();
    const bad = await post(`/api/admin/leads/${ref}/status`, { status: 'archived' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ ok: false, fields: { status: expect.any(String) } });
    const empty = await form(`/api/admin/leads/${ref}/notes`, { body: '   ' });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Write the note first.');
    const tooLong = await form(`/api/admin/leads/${ref}/notes`, { body: `Keep this text ${'x'.repeat(4000)}` });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.text()).toContain('Keep this text');
    const saved = await form(`/api/admin/leads/${ref}/notes`, { body: 'Plain post' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/admin/lead?ref=${ref}&saved=note#notes`);
  });

  it('never undoes a status change made in another tab or by someone else after the page was opened', async () => {
    const date = bookableDates(new Date(), site.timeZone)[40]!;
    const ref = await lead({
      kind: 'inspection',
      streetAddress: '9 Stale Tab Rd',
      preferredDate: date,
      preferredWindow: 'morning',
    });
    const opened = await page(`/admin/lead?ref=${ref}`);
    expect(opened.html).toContain('name="was" value="new"');
    expect((await post(`/api/admin/leads/${ref}/status`, { status: 'won', was: 'new' })).status).toBe(200);
    const stale = await post(`/api/admin/leads/${ref}/status`, { status: 'contacted', was: 'new' });
    expect(stale.status).toBe(409);
    // The answer names the status stored now: the script puts it in the form, so saving again replaces it on purpose.
    expect(await stale.json()).toMatchObject({
      ok: false,
      error: expect.stringContaining('changed to “Won” while this page was open (see the history). Save again to replace'),
      was: 'won',
    });
    const plain = await form(`/api/admin/leads/${ref}/status`, { status: 'lost', was: 'new' });
    expect(plain.status).toBe(409);
    const again = (await plain.text()).replace(/<!-- -->/g, '');
    expect(again).toContain('changed to “Won” while this page was open');
    expect(again).toContain('name="was" value="won"');
    expect((await post(`/api/admin/leads/${ref}/booking`, { status: 'confirmed', was: 'requested' })).status).toBe(200);
    const booking = await post(`/api/admin/leads/${ref}/booking`, { status: 'cancelled', was: 'requested' });
    expect(booking.status).toBe(409);
    expect(await booking.json()).toMatchObject({ ok: false, was: 'confirmed' });
    const { html } = await page(`/admin/lead?ref=${ref}`);
    expect(html).toContain('<option value="won" selected="">');
    expect(html).toContain('Status New → Won');
    expect(html).not.toContain('Status Won →');
    // Told of the change, saving again with the value the answer named replaces it on purpose.
    expect((await post(`/api/admin/leads/${ref}/status`, { status: 'contacted', was: 'won' })).status).toBe(200);
    expect((await page(`/admin/lead?ref=${ref}`)).html).toContain('Status Won → Contacted');
  });

  it('a one-tap status from the list, posted without JavaScript, comes back to the list saying Saved, with an Undo form', async () => {
    const ref = await lead({ name: 'One Tap Person' });
    const back = '/admin/leads?q=One+Tap';
    const res = await form(`/api/admin/leads/${ref}/status`, { status: 'won', was: 'new', back });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('/admin/leads?q=One+Tap&saved=status')).toBe(true);
    const { html } = await page(location);
    expect(html).toMatch(/Saved at \d{1,2}:\d\d [AP]M:<\/strong> One Tap Person is now Won\./);
    expect(html).toContain('Undo: back to New');
    // Undo is the same post the other way round.
    const undone = await form(`/api/admin/leads/${ref}/status`, { status: 'new', was: 'won', back: location });
    expect(undone.headers.get('location')!.match(/saved=status/g)).toHaveLength(1);
    expect((await page(undone.headers.get('location')!)).html).toContain('One Tap Person is now New.');
    // Anywhere but the list, the post lands on the lead as before.
    const elsewhere = await form(`/api/admin/leads/${ref}/status`, {
      status: 'lost',
      was: 'new',
      back: 'https://example.com/admin/leads',
    });
    expect(elsewhere.headers.get('location')).toContain(`/admin/lead?ref=${ref}`);
  });

  it('filters by status, kind, area, spam and date, and searches by name, phone, email, ZIP and reference, keeping the filters in the URL', async () => {
    const unique = `Zanzibarr${Date.now().toString(36)}`;
    const a = await lead({ name: `Quinta ${unique}`, email: `quinta.${unique.toLowerCase()}@example.org`, zip: '31401' });
    const b = await lead({ name: `Rowan ${unique}`, phone: '(912) 555-7788', zip: '30301' });
    await post(`/api/admin/leads/${b}/status`, { status: 'won' });
    const refs = async (query: string) => {
      const { html } = await page(`/admin/leads${query}`);
      return [...html.matchAll(/data-lead="([A-Z0-9-]+)"/g)].map((m) => m[1]);
    };
    expect(await refs(`?q=${unique.toLowerCase().slice(0, 6)}`)).toEqual([b, a]);
    expect(await refs(`?q=${encodeURIComponent(`quinta.${unique.toLowerCase()}`)}`)).toEqual([a]);
    expect(await refs(`?q=${encodeURIComponent('(912) 555-77')}`)).toContain(b);
    expect(await refs(`?q=7788`)).toContain(b);
    // The local seven digits, as a caller gives the number without the area code.
    expect(await refs(`?q=${encodeURIComponent('555-7788')}`)).toContain(b);
    // The booking reference the office quotes on the phone, however it is typed.
    expect(await refs(`?q=${b}`)).toEqual([b]);
    expect(await refs(`?q=${encodeURIComponent(` ${b!.replace('-', '').toLowerCase()} `)}`)).toEqual([b]);
    expect(await refs(`?q=${unique}&status=won`)).toEqual([b]);
    expect(await refs(`?q=${unique}&area=outside`)).toEqual([b]);
    expect(await refs(`?q=${unique}&area=inside`)).toEqual([a]);
    expect(await refs(`?q=${unique}&kind=inspection`)).toEqual([]);
    expect(await refs(`?q=${unique}&to=2000-01-01`)).toEqual([]);
    expect(await refs(`?q=31401+${unique}`)).toEqual([a]);
    await post(`/api/admin/leads/${a}/status`, { status: 'spam' });
    expect(await refs(`?q=${unique}`)).toEqual([b]);
    expect(await refs(`?q=${unique}&spam=only`)).toEqual([a]);
    const { html } = await page(`/admin/leads?q=${unique}&spam=include&status=`);
    // The filters stay in the form and in the export link.
    expect(html).toContain(`value="${unique}"`);
    expect(html).toContain(`/api/admin/leads/export.csv?spam=include&amp;q=${unique}`);
  });

  it('exports the filtered set as CSV, every lead matching and no other', async () => {
    const unique = `Export${Date.now().toString(36)}`;
    const a = await lead({ name: `=cmd ${unique}`, message: 'Line one,\n"two"' });
    await lead({ name: `Other ${unique}`, zip: '30301' });
    const res = await t.app.request(`/api/admin/leads/export.csv?q=${unique}&area=inside`, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Reference, r.Name, r.Message])).toEqual([[a, `'=cmd ${unique}`, 'Line one,\n"two"']]);
  });

  it("names the export file after the office's date, also in the evening when UTC is a day ahead", async () => {
    // 02:30 UTC today is 21:30 or 22:30 yesterday in Savannah.
    const evening = new Date();
    evening.setUTCHours(2, 30, 0, 0);
    const yesterday = new Date(evening.getTime() - 86_400_000).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now: evening });
    try {
      const res = await t.app.request('/api/admin/leads/export.csv?q=nobody', { headers: { cookie: owner } });
      await res.text();
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="leads-${yesterday}.csv"`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('exports every lead when many arrived within one millisecond, across the batches the export reads', async () => {
    const unique = `Burst${Date.now().toString(36)}`;
    // 1,010 leads 3 µs apart, as a burst of submissions leaves them: a batch of 1,000 ends inside a millisecond.
    await t.db.query(
      `INSERT INTO leads (reference, access_token, idempotency_key, kind, name, phone, zip, created_at)
       SELECT upper(substr(md5($1 || g), 1, 8)), substr(md5('a' || $1 || g) || md5('b' || $1 || g), 1, 22), $1 || g,
         'consultation', $1 || ' ' || g, '+19125550100', '31405', timestamptz '2020-10-01 12:00:00' + g * interval '3 microseconds'
       FROM generate_series(1, 1010) g`,
      [unique],
    );
    const res = await t.app.request(`/api/admin/leads/export.csv?q=${unique}`, { headers: { cookie: owner } });
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1010);
    expect(new Set(rows.map((r) => r.Reference)).size).toBe(1010);
  });

  it('pages the list newest first, 25 a page', async () => {
    const unique = `Pager${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 27; i++) made.push(await lead({ name: `${unique} ${i}` }));
    const { html: first } = await page(`/admin/leads?q=${unique}`);
    expect(first).toContain('27 leads, page 1 of 2');
    expect([...first.matchAll(/data-lead="([A-Z0-9-]+)"/g)].map((m) => m[1])).toEqual(made.slice(2).reverse());
    const { html: second } = await page(`/admin/leads?q=${unique}&page=2`);
    expect([...second.matchAll(/data-lead="([A-Z0-9-]+)"/g)].map((m) => m[1])).toEqual(made.slice(0, 2).reverse());
    // Past the last page (a bookmark, or Back after leads left the filter): the last page, not an empty list.
    const past = await t.app.request(`/admin/leads?q=${unique}&page=9`, { headers: { cookie: owner } });
    expect(past.status).toBe(303);
    expect(past.headers.get('location')).toBe(`/admin/leads?q=${unique}&page=2`);
  });

  it('resends a notification now, and again under a new Message-ID once it was sent', async () => {
    const ref = await lead();
    await t.db.query(
      `UPDATE lead_notifications SET state = 'failed', attempts = 3, last_error = 'connection refused', next_attempt_at = now() + interval '1 hour'
       WHERE lead_id = (SELECT id FROM leads WHERE reference = $1)`,
      [ref],
    );
    const { html } = await page(`/admin/lead?ref=${ref}`);
    expect(html).toContain('The email could not be sent: the mail server did not answer.');
    expect(html).toContain('<code>connection refused</code>');
    const res = await post(`/api/admin/leads/${ref}/notifications/email/resend`, {});
    expect(res.status).toBe(200);
    const row = async () =>
      t.db.one<{ state: string; due: boolean; message_id: string }>(
        `SELECT state, next_attempt_at <= now() AS due, message_id FROM lead_notifications
         WHERE lead_id = (SELECT id FROM leads WHERE reference = $1)`,
        [ref],
      );
    const first = await row();
    expect(first).toMatchObject({ state: 'pending', due: true });
    await t.db.query(`UPDATE lead_notifications SET state = 'sent', sent_at = now() WHERE message_id = $1`, [first.message_id]);
    expect((await post(`/api/admin/leads/${ref}/notifications/email/resend`, {})).status).toBe(200);
    const second = await row();
    expect(second.state).toBe('pending');
    expect(second.message_id).not.toBe(first.message_id);
    expect((await post(`/api/admin/leads/${ref}/notifications/webhook/resend`, {})).status).toBe(404);
    expect((await post(`/api/admin/leads/NOPE-NOPE/notifications/email/resend`, {})).status).toBe(404);
  });
});

describe('the inspections calendar', () => {
  const dates = bookableDates(new Date(), site.timeZone);

  it('edits the capacity of one window, and a full window refuses the next booking', async () => {
    const date = dates[20]!;
    const res = await post('/api/admin/inspections/capacity', { date, window: 'afternoon', capacity: '1' });
    expect(res.status).toBe(200);
    expect((await post('/api/admin/inspections/capacity', { date, window: 'afternoon', capacity: '-1' })).status).toBe(422);
    const booking = { kind: 'inspection', streetAddress: '1 Oak St', preferredDate: date, preferredWindow: 'afternoon' };
    expect((await submit(booking)).status).toBe(201);
    const full = await submit(booking);
    expect(full.status).toBe(409);
    // The calendar shows a week at a time: the day's own address opens its week and the day.
    const { html } = await page(`/admin/inspections?day=${date}`);
    expect(html).toMatch(new RegExp(`data-date="${date}"[\\s\\S]*?data-window="afternoon"[\\s\\S]*?1 booked, 0 places left`));
  });

  it("shows one week of bookable days, never today, and sets a whole day's capacity in one form", async () => {
    const today = dates[0]!;
    const first = await page('/admin/inspections');
    expect(first.status).toBe(200);
    const shown = [...first.html.matchAll(/<tr data-date="([\d-]+)"/g)].map((m) => m[1]);
    expect(shown.length).toBeGreaterThanOrEqual(5);
    expect(shown.length).toBeLessThanOrEqual(7);
    expect(shown).toEqual(dates.slice(0, shown.length));
    const officeToday = new Date().toLocaleDateString('en-CA', { timeZone: site.timeZone });
    expect(shown).not.toContain(officeToday);
    expect(today > officeToday).toBe(true);
    // One capacity form a day, not one per window of 60 days.
    expect(first.html.match(/data-admin-form="day-capacity-/g)).toHaveLength(1);
    const date = dates[8]!;
    const res = await form('/api/admin/inspections/day-capacity', { date, morning: '0', afternoon: '4' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/inspections?saved=day-capacity&day=${date}#day`);
    const { html } = await page(res.headers.get('location')!);
    expect(html).toMatch(/Saved at \d{1,2}:\d\d [AP]M: the capacity of this day\./);
    expect(html).toMatch(
      new RegExp(
        `id="day" data-date="${date}"[\\s\\S]*?data-window="morning"[\\s\\S]*?0 booked, 0 places left[\\s\\S]*?4 places left`,
      ),
    );
  });

  it('gives each admin a private calendar feed of the bookings, which a new address or turning it off ends', async () => {
    const date = dates[12]!;
    const booking = {
      kind: 'inspection',
      name: 'Feed Person',
      streetAddress: '9 Feed St',
      preferredDate: date,
      preferredWindow: 'morning',
    };
    expect((await submit(booking)).status).toBe(201);
    const address = async () => {
      const res = await form('/api/admin/inspections/calendar-feed', {});
      expect(res.status).toBe(200);
      const html = (await res.text()).replace(/<!-- -->/g, '');
      return new URL(/data-feed-address="">([^<]+)</.exec(html)![1]!).pathname;
    };
    const first = await address();
    expect(first).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // No session: a calendar app has none.
    const feed = await t.app.request(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(ics).toContain('SUMMARY:Inspection: Feed Person (requested)');
    expect(ics).toContain('LOCATION:9 Feed St\\, 31405');
    const second = await address();
    expect((await t.app.request(first)).status).toBe(404);
    expect((await t.app.request(second)).status).toBe(200);
    expect((await form('/api/admin/inspections/calendar-feed/revoke', {})).status).toBe(303);
    expect((await t.app.request(second)).status).toBe(404);
    expect((await t.app.request('/api/calendar/not-a-token.ics')).status).toBe(404);
  });

  it('blocks a date: POST /api/leads refuses it and offers the next free windows, as for a full one, until it is opened again', async () => {
    const date = dates[10]!;
    const blocked = await post('/api/admin/inspections/block', { date, reason: 'Storm day' });
    expect(blocked.status).toBe(200);
    const booking = { kind: 'inspection', streetAddress: '2 Oak St', preferredDate: date, preferredWindow: 'morning' };
    const refused = await submit(booking);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      ok: false,
      fields: { preferredWindow: expect.stringContaining('not booking inspections') },
    });
    const offers = refused.body.alternatives as { date: string }[];
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.date !== date)).toBe(true);
    const availability = (await (await t.app.request('/api/leads/availability')).json()) as {
      days: { date: string; blocked: boolean; windows: Record<string, { remaining: number }> }[];
    };
    expect(availability.days.find((d) => d.date === date)).toMatchObject({
      blocked: true,
      windows: { morning: { remaining: 0 }, afternoon: { remaining: 0 } },
    });
    expect((await post('/api/admin/inspections/unblock', { date })).status).toBe(200);
    expect((await submit({ ...booking, streetAddress: '3 Oak St' })).status).toBe(201);
  });

  it('moves a booking from requested to confirmed with who and when, and a cancelled one frees its place', async () => {
    const date = dates[30]!;
    await post('/api/admin/inspections/capacity', { date, window: 'morning', capacity: '1' });
    const booking = { kind: 'inspection', streetAddress: '4 Oak St', preferredDate: date, preferredWindow: 'morning' };
    const ref = (await submit(booking)).body.reference as string;
    expect((await post(`/api/admin/leads/${ref}/booking`, { status: 'confirmed' }, office)).status).toBe(200);
    expect((await submit({ ...booking, streetAddress: '5 Oak St' })).status).toBe(409);
    expect((await post(`/api/admin/leads/${ref}/booking`, { status: 'cancelled' })).status).toBe(200);
    expect((await submit({ ...booking, streetAddress: '6 Oak St' })).status).toBe(201);
    const { html } = await page(`/admin/lead?ref=${ref}`);
    expect(html).toContain('Booking Requested → Confirmed by <strong>@wb-office</strong>');
    expect(html).toContain('Booking Confirmed → Cancelled by <strong>@wb-owner</strong>');
    const consultation = await lead();
    expect((await post(`/api/admin/leads/${consultation}/booking`, { status: 'confirmed' })).status).toBe(409);
  });

  it('a booking caught as spam by mistake holds its place once restored', async () => {
    const date = dates[45]!;
    await post('/api/admin/inspections/capacity', { date, window: 'morning', capacity: '1' });
    const booking = { kind: 'inspection', streetAddress: '7 Oak St', preferredDate: date, preferredWindow: 'morning' };
    // Sent a moment after the form opened (an autofill and a quick tap): stored as spam.
    const name = `Hasty${Date.now().toString(36)}`;
    const caught = await submit({ ...booking, name, startedAt: Date.now() - 500, sentAt: Date.now() });
    expect(caught.status).toBe(201);
    const ref = caught.body.reference as string;
    const { html: spam } = await page(`/admin/leads?q=${name}&spam=only`);
    expect(spam).toContain(`data-lead="${ref}"`);
    expect((await post(`/api/admin/leads/${ref}/status`, { status: 'new' })).status).toBe(200);
    const { html } = await page(`/admin/inspections?day=${date}`);
    expect(html).toMatch(new RegExp(`data-date="${date}"[\\s\\S]*?data-window="morning"[\\s\\S]*?1 booked, 0 places left`));
    expect((await submit({ ...booking, streetAddress: '8 Oak St' })).status).toBe(409);
  });
});

describe('the users page', () => {
  it('grants by GitHub login before a first sign-in, and never removes or demotes the last super_admin', async () => {
    expect((await post('/api/admin/users/grant', { login: '@future-helper', role: 'admin' })).status).toBe(200);
    expect((await page('/admin/users')).html).toContain('@future-helper');
    expect((await post('/api/admin/users/grant', { login: 'future-helper', role: 'admin' }, office)).status).toBe(403);
    expect((await page('/admin/users', office)).status).toBe(403);
    // Nobody takes their own access from the list; the last super admin cannot be demoted either.
    const refused = await post('/api/admin/users/revoke', { login: 'wb-owner' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain('You cannot take your own access');
    const demoted = await post('/api/admin/users/grant', { login: 'wb-owner', role: 'admin' });
    expect(demoted.status).toBe(409);
    expect(((await demoted.json()) as { error: string }).error).toContain('last owner (full access)');
    // With another super_admin left, one may step down or go.
    expect((await post('/api/admin/users/grant', { login: 'future-helper', role: 'super_admin' })).status).toBe(200);
    expect((await post('/api/admin/users/grant', { login: 'future-helper', role: 'admin' })).status).toBe(200);
    expect((await post('/api/admin/users/revoke', { login: 'future-helper' })).status).toBe(200);
    expect((await page('/admin/users')).html).not.toContain('@future-helper');
    expect((await post('/api/admin/users/revoke', { login: 'bad login!' })).status).toBe(422);
  });

  it('asks before taking access, never beside your own name, and offers Undo, which gives the role back', async () => {
    expect((await post('/api/admin/users/grant', { login: 'undo-helper', role: 'admin' })).status).toBe(200);
    const before = (await page('/admin/users')).html;
    // The question comes first: the button that takes access is inside it.
    expect(before).toMatch(/<summary[^>]*>Take access from @undo-helper…<\/summary>[\s\S]*?Yes, take access from @undo-helper/);
    expect(before).not.toContain('Take access from @wb-owner');
    const res = await form('/api/admin/users/revoke', { login: 'undo-helper' });
    expect(res.status).toBe(303);
    const after = (await page(res.headers.get('location')!)).html;
    expect(after).not.toContain('@undo-helper</th>');
    expect(after).toContain('Undo: make @undo-helper Office staff again');
    expect(after).toContain('data-undo-expires="10000"');
    expect((await post('/api/admin/users/grant', { login: 'undo-helper', role: 'admin' })).status).toBe(200);
    expect((await page('/admin/users')).html).toContain('Take access from @undo-helper');
  });
});

describe('the second factor', () => {
  it('ignores an unverified factor, refuses a wrong code, asks for the code after sign-in once verified, and takes each recovery code once', async () => {
    const cookie = await t.sessionFor('wb-totp', 'admin');
    const enrol = await post('/api/admin/second-factor/enrol', {}, cookie);
    const { secret } = (await enrol.json()) as { secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Not verified yet: a new session is not asked for a code.
    const unverified = await t.sessionFor('wb-totp', 'admin');
    expect((await page('/admin/leads', unverified)).status).toBe(200);
    const wrong = await post('/api/admin/second-factor/verify', { code: '000000' }, cookie);
    expect(wrong.status).toBe(422);
    const verified = await post('/api/admin/second-factor/verify', { code: totpCode(secret) }, cookie);
    expect(verified.status).toBe(200);
    const { recoveryCodes } = (await verified.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.github_login = $1',
      ['wb-totp'],
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    // A new sign-in now owes the code: pages send it to the challenge, APIs say 401.
    const next = await t.sessionFor('wb-totp', 'admin');
    const redirected = await t.app.request('/admin/leads', { headers: { cookie: next } });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/admin/second-factor?next=%2Fadmin%2Fleads');
    expect((await t.app.request('/api/me', { headers: { cookie: next } })).status).toBe(401);
    expect((await page('/admin/second-factor', next)).html).toContain('data-second-factor-step="challenge"');
    expect((await post('/api/admin/second-factor/challenge', { code: '123456' }, next)).status).toBe(422);
    const recovery = recoveryCodes[0]!.toLowerCase();
    const passed = await post('/api/admin/second-factor/challenge', { code: recovery, next: '/admin/leads' }, next);
    expect(await passed.json()).toMatchObject({ ok: true, redirect: '/admin/leads', recoveryCodesLeft: 9 });
    expect((await t.app.request('/api/me', { headers: { cookie: sessionCookie(passed) } })).status).toBe(200);
    // The same recovery code a second time is refused.
    const again = await t.sessionFor('wb-totp', 'admin');
    expect((await post('/api/admin/second-factor/challenge', { code: recovery }, again)).status).toBe(422);
  });

  it('rate-limits wrong codes per user across sessions', async () => {
    const cookie = await t.sessionFor('wb-limited', 'admin');
    const { secret } = (await (await post('/api/admin/second-factor/enrol', {}, cookie)).json()) as { secret: string };
    expect((await post('/api/admin/second-factor/verify', { code: totpCode(secret) }, cookie)).status).toBe(200);
    const session = await t.sessionFor('wb-limited', 'admin');
    for (let i = 0; i < 5; i++)
      expect((await post('/api/admin/second-factor/challenge', { code: '000000' }, session)).status).toBe(422);
    const limited = await post(
      '/api/admin/second-factor/challenge',
      { code: totpCode(secret, new Date(Date.now() + 30_000)) },
      session,
    );
    expect(limited.status).toBe(429);
  });

  it('requires a second factor of every admin once a super_admin switches it on: one without a factor must enrol first', async () => {
    // A super_admin without a factor of their own would lock themselves out: refused.
    expect((await post('/api/admin/users/require-second-factor', { required: true })).status).toBe(409);
    const boss = await t.sessionFor('wb-chief-of-staff', 'super_admin');
    const { secret } = (await (await post('/api/admin/second-factor/enrol', {}, boss)).json()) as { secret: string };
    const verified = await post('/api/admin/second-factor/verify', { code: totpCode(secret) }, boss);
    expect(verified.status).toBe(200);
    // The code gave the session a new token: the one from before the code is spent.
    const chief = sessionCookie(verified);
    expect((await post('/api/admin/users/require-second-factor', { required: true }, chief)).status).toBe(200);
    try {
      const cookie = await t.sessionFor('wb-newcomer', 'admin');
      const res = await t.app.request('/admin', { headers: { cookie } });
      expect(res.headers.get('location')).toBe('/admin/second-factor?next=%2Fadmin');
      expect((await page('/admin/second-factor', cookie)).html).toContain('data-second-factor-step="enrol"');
    } finally {
      expect((await post('/api/admin/users/require-second-factor', { required: false }, chief)).status).toBe(200);
    }
  });
});

describe('the error log', () => {
  it('groups reports by message and 404s by path, and a resolved group opens again when it happens again', async () => {
    for (let i = 0; i < 3; i++) await t.app.request('/no-such-page-wb', { headers: { 'user-agent': 'wb-agent' } });
    const { html } = await page('/admin/errors');
    expect(html).toMatch(/<h3>\/no-such-page-wb<\/h3><p>3 times/);
    expect(html).toContain('wb-agent');
    expect((await post('/api/admin/errors/resolve', { kind: 'not_found', key: '/no-such-page-wb' })).status).toBe(200);
    expect((await page('/admin/errors')).html).toMatch(/error-group-resolved"><h3>\/no-such-page-wb<\/h3>/);
    await t.app.request('/no-such-page-wb');
    expect((await page('/admin/errors')).html).toMatch(/class="error-group"><h3>\/no-such-page-wb<\/h3><p>4 times/);
    expect((await post('/api/admin/errors/resolve', { kind: 'not_found', key: '/never-seen' })).status).toBe(404);
  });

  it('counts addresses that differ only in a number or a query string as one cause, resolved together', async () => {
    await t.app.request('/old-offer-wb/7?utm_source=mail');
    await t.app.request('/old-offer-wb/12');
    expect((await page('/admin/errors')).html).toMatch(/<h3>\/old-offer-wb\/#<\/h3><p>2 times/);
    expect((await post('/api/admin/errors/resolve', { kind: 'not_found', key: '/old-offer-wb/#' })).status).toBe(200);
    expect((await page('/admin/errors')).html).toMatch(/error-group-resolved"><h3>\/old-offer-wb\/#<\/h3>/);
  });
});

describe('a failed delivery, in words the owner can act on', () => {
  it.each([
    ['email', 'connect ECONNREFUSED 127.0.0.1:587', 'The email could not be sent: the mail server did not answer.'],
    ['email', 'getaddrinfo ENOTFOUND smtp.example.test', 'The email could not be sent: the mail server did not answer.'],
    ['email', 'Invalid login: 535 5.7.8 Authentication failed', "the mail server refused the server's sign-in"],
    ['webhook', 'webhook answered 502', 'The message to the CRM could not be sent: the CRM answered with an error (502).'],
    ['webhook', 'Authentication required', "the CRM refused the server's sign-in, so its settings need checking"],
    ['email', 'something nobody foresaw', 'The email could not be sent.'],
  ])('%s: %s', (channel, error, words) => {
    const said = deliveryProblem(channel, error);
    expect(said).toContain(words);
    expect(said).not.toMatch(/ECONN|ENOTFOUND|535|webhook/);
  });
});
