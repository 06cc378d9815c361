import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parsePlaceId } from '../../../lib/google-places-config.ts';
import { curatedPayload } from '../../../lib/reviews-curated.ts';
import { placeDetailsBody } from '../../../tests/places-stand-in.ts';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../../tests/admin-app.ts';
import { createReviewsService } from '../../reviews/service.ts';

const ENV_PLACE = 'ChIJenvironmentPlace0001';
const SAVED_PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

let t: AdminTestApp;
let owner: string;

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false, env: { LEAD_RATE_LIMIT: '1000', GOOGLE_PLACE_ID: ENV_PLACE } });
  owner = await t.sessionFor('place-owner', 'super_admin');
});

afterAll(async () => {
  await t?.close();
});

function post(path: string, body: unknown) {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie: owner, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const html = async (path: string) =>
  (await (await t.app.request(path, { headers: { cookie: owner } })).text()).replace(/<!-- -->/g, '');

describe('the Google Place ID setting', () => {
  it('accepts Google’s letters, digits, _ and - (trimmed), and refuses anything else in plain words', () => {
    expect(parsePlaceId(`  ${SAVED_PLACE}\n`)).toEqual({ ok: true, value: SAVED_PLACE });
    expect(parsePlaceId('   ')).toEqual({ ok: true, value: null });
    for (const bad of ['ChIJ short', 'ChIJ123', 'https://maps.google.com/?cid=123456789012345', 'x'.repeat(201)]) {
      const result = parsePlaceId(bad);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/^That is not a Google Place ID\. .*Place ID finder\.$/);
    }
  });

  it('is refused when malformed, then saved trimmed and audited, and wins over GOOGLE_PLACE_ID for the review link', async () => {
    const refused = await post('/api/admin/settings/google-place', { placeId: 'my business' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('That is not a Google Place ID.');
    expect(t.settings.current().placeId).toBeNull();

    const saved = await post('/api/admin/settings/google-place', { placeId: ` ${SAVED_PLACE} ` });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(t.settings.current().placeId).toBe(SAVED_PLACE);
    const settingsPage = await html('/admin/settings');
    expect(settingsPage).toContain(`Place ID ${SAVED_PLACE} (saved here)`);
    const audit = await t.db.query<{ new_value: unknown }>(`SELECT new_value FROM settings_audit WHERE key = 'google_place'`);
    expect(audit.map((row) => row.new_value)).toEqual([{ placeId: SAVED_PLACE }]);

    const lead = await t.app.request('/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'consultation',
        name: 'Place Person',
        phone: '912-555-2999',
        zip: '31405',
        smsConsent: true,
        idempotencyKey: `place-${Date.now()}`,
        startedAt: Date.now() - 45_000,
        sentAt: Date.now(),
      }),
    });
    expect(lead.status).toBe(201);
    const ref = ((await lead.json()) as { reference: string }).reference;
    expect((await post(`/api/admin/leads/${ref}/status`, { status: 'won' })).status).toBe(200);
    const asked = await t.app.request(`/api/admin/leads/${ref}/review`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: owner, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=text',
    });
    expect(asked.status).toBe(303);
    const detail = await html(asked.headers.get('location')!);
    expect(detail).toContain(`writereview%3Fplaceid%3D${SAVED_PLACE}`);
    expect(detail).not.toContain(ENV_PLACE);
  });

  it('makes the server fetch reviews for the saved Place ID, the environment’s only while none is saved', async () => {
    let stored: string | null = null;
    const fetch = vi.fn(async (_url: string) => Response.json(placeDetailsBody()));
    const reviews = createReviewsService({
      env: { GOOGLE_PLACES_API_KEY: 'key', GOOGLE_PLACE_ID: ENV_PLACE, GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:1' },
      placeId: () => stored,
      fetch: fetch as unknown as typeof globalThis.fetch,
      curated: (now) => curatedPayload({ sample: true, source: 'test', reviews: [] }, now),
      log: { warn: vi.fn(), info: vi.fn() },
    });
    await reviews.ready();
    expect(String(fetch.mock.calls.at(-1)![0])).toContain(`/v1/places/${ENV_PLACE}?`);
    stored = SAVED_PLACE;
    await reviews.ready();
    expect(String(fetch.mock.calls.at(-1)![0])).toContain(`/v1/places/${SAVED_PLACE}?`);
    expect(reviews.current().source).toBe('google');
  });
});
