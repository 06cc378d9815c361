import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadReviewsFile } from '../../content/layer/content.ts';
import { isReviewsPayload, type ReviewsPayload } from '../../lib/reviews.ts';
import {
  placeDetailsBody,
  STAND_IN_API_KEY,
  STAND_IN_PLACE_ID,
  startPlacesStandIn,
  type PlacesStandIn,
} from '../../tests/places-stand-in.ts';
import { createApp } from '../app.ts';
import type { Db } from '../db/index.ts';
import { openTestDb } from '../../tests/test-db.ts';
import { createReviewsService, curatedReviews } from '../reviews/service.ts';
import { loadSiteFiles, type SiteFiles } from '../site/site-files.ts';
import { makeTempDist, testEnv } from '../../tests/dist-fixture.ts';
import { REVIEWS_CACHE_CONTROL } from './reviews.ts';

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let store: SiteFiles;
let db: Db;
let places: PlacesStandIn;

beforeAll(async () => {
  dist = await makeTempDist({ 'index.html': '<h1>Home</h1>', '404.html': '<h1>Not found</h1>' });
  store = await loadSiteFiles(dist.dir);
  db = await openTestDb(null, { migrate: true });
  places = await startPlacesStandIn();
});

afterAll(async () => {
  await places?.close();
  await db?.close();
  await dist?.cleanup();
});

beforeEach(() => {
  places.requests.length = 0;
  places.respond(200, placeDetailsBody());
});

const googleVars = () => ({
  GOOGLE_PLACES_API_KEY: STAND_IN_API_KEY,
  GOOGLE_PLACE_ID: STAND_IN_PLACE_ID,
  GOOGLE_PLACES_BASE_URL: places.url,
});

async function getReviews(
  app: ReturnType<typeof createApp>,
): Promise<{ status: number; headers: Headers; body: ReviewsPayload }> {
  const res = await app.request('/api/reviews');
  return { status: res.status, headers: res.headers, body: (await res.json()) as ReviewsPayload };
}

describe('GET /api/reviews', () => {
  it('serves the curated file, flagged sample, when Google is not configured', async () => {
    const app = createApp({ env: testEnv({ DIST_DIR: dist.dir }), db, files: store });
    const { status, headers, body } = await getReviews(app);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe(REVIEWS_CACHE_CONTROL);
    expect(isReviewsPayload(body)).toBe(true);
    const file = loadReviewsFile();
    expect(body).toMatchObject({ source: 'curated', sample: file.sample, rating: null, count: file.reviews.length });
    expect(body.reviews.map((r) => r.author.name)).toEqual(file.reviews.map((r) => r.author));
    expect(places.requests).toHaveLength(0);
  });

  it('serves Google’s place rating, count, link and reviews when configured', async () => {
    const app = createApp({ env: testEnv({ DIST_DIR: dist.dir, ...googleVars() }), db, files: store });
    const { status, body } = await getReviews(app);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      source: 'google',
      sample: false,
      rating: 4.9,
      count: 57,
      mapsUrl: 'https://maps.google.com/?cid=1234567890123456789',
    });
    expect(body.reviews).toHaveLength(5);
    expect(body.reviews[0]!.author).toEqual({
      name: 'Dana Whitfield',
      url: 'https://www.google.com/maps/contrib/100000000000000000000/reviews',
      photoUrl: 'https://lh3.googleusercontent.com/a/stand-in-0=s128-c0x00000000-cc-rp-mo',
    });
    // Later requests are answered from memory, not by asking Google again.
    await getReviews(app);
    expect(places.requests).toHaveLength(1);
  });

  it('falls back to the curated file when Google fails before it ever answered', async () => {
    places.respond(500, { error: { code: 500, message: 'Backend error' } });
    const reviews = createReviewsService({
      env: googleVars(),
      curated: curatedReviews(store),
      log: { warn: () => {}, info: () => {} },
    });
    const app = createApp({ env: testEnv({ DIST_DIR: dist.dir }), db, files: store, reviews });
    const { status, body } = await getReviews(app);
    expect(status).toBe(200);
    expect(body.source).toBe('curated');
    expect(body.sample).toBe(loadReviewsFile().sample);
  });

  it('keeps serving the last good Google data after a failed refresh', async () => {
    const reviews = createReviewsService({
      env: googleVars(),
      curated: curatedReviews(store),
      log: { warn: () => {}, info: () => {} },
    });
    const app = createApp({ env: testEnv({ DIST_DIR: dist.dir }), db, files: store, reviews });
    const before = await getReviews(app);
    places.respond(429, { error: { code: 429, message: 'Quota exceeded' } });
    expect(await reviews.refresh()).toBe(false);
    const after = await getReviews(app);
    expect(after.body).toEqual(before.body);
    expect(after.body.source).toBe('google');
  });

  it('carries no structured review markup, only data', async () => {
    const app = createApp({ env: testEnv({ DIST_DIR: dist.dir, ...googleVars() }), db, files: store });
    const text = await (await app.request('/api/reviews')).text();
    expect(text).not.toMatch(/AggregateRating|"@type"/);
  });
});
