import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEWS_REFRESH_MS, type ReviewsPayload } from '../../lib/reviews.ts';
import {
  placeDetailsBody,
  STAND_IN_API_KEY,
  STAND_IN_PLACE_ID,
  startPlacesStandIn,
  type PlacesStandIn,
} from '../../tests/places-stand-in.ts';
import { createReviewsService, type ReviewsService } from './service.ts';

let places: PlacesStandIn;
let service: ReviewsService | undefined;
const log = { warn: vi.fn(), info: vi.fn() };

const curated: ReviewsPayload = {
  source: 'curated',
  sample: true,
  rating: null,
  count: 1,
  mapsUrl: null,
  sourceNote: 'test file',
  fetchedAt: '2026-01-01T00:00:00.000Z',
  reviews: [
    {
      id: 'curated-1',
      rating: 5,
      text: 'Sample',
      author: { name: 'Sample reviewer', url: null, photoUrl: null },
      publishedAt: null,
      timeLabel: '',
      reviewUrl: null,
      flagUrl: null,
    },
  ],
};

function googleEnv() {
  return { GOOGLE_PLACES_API_KEY: STAND_IN_API_KEY, GOOGLE_PLACE_ID: STAND_IN_PLACE_ID, GOOGLE_PLACES_BASE_URL: places.url };
}

function newService(env: Record<string, string | undefined> = googleEnv()) {
  service = createReviewsService({ env, curated: () => curated, log });
  return service;
}

/** Polls with real timers (only setInterval is faked in the timer tests). */
async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(async () => {
  places = await startPlacesStandIn();
});

afterAll(async () => {
  await places?.close();
});

beforeEach(() => {
  places.requests.length = 0;
  places.respond(200, placeDetailsBody());
  log.warn.mockClear();
  log.info.mockClear();
});

afterEach(() => {
  service?.stop();
  service = undefined;
  vi.useRealTimers();
});

describe('the reviews service', () => {
  it('serves the curated file and never calls Google without credentials', async () => {
    const reviews = newService({});
    expect(reviews.configured).toBe(false);
    reviews.start();
    await reviews.ready();
    expect(reviews.current()).toBe(curated);
    expect(places.requests).toHaveLength(0);
  });

  it('warns when only one of the two credentials is set', () => {
    newService({ GOOGLE_PLACES_API_KEY: 'k' });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('GOOGLE_PLACE_ID is not set'));
  });

  it('serves Google’s data once the first fetch has answered', async () => {
    const reviews = newService();
    await reviews.ready();
    expect(places.requests).toHaveLength(1);
    expect(reviews.current()).toMatchObject({ source: 'google', sample: false, count: 57 });
  });

  it('refreshes every 300000 ms while started, and not after stop()', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const reviews = newService();
    reviews.start();
    await until(() => places.requests.length === 1);
    await reviews.ready();

    places.respond(200, placeDetailsBody({ userRatingCount: 58 }));
    vi.advanceTimersByTime(REVIEWS_REFRESH_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(places.requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await until(() => reviews.current().count === 58);
    expect(places.requests).toHaveLength(2);

    vi.advanceTimersByTime(REVIEWS_REFRESH_MS);
    await until(() => places.requests.length === 3);

    reviews.stop();
    vi.advanceTimersByTime(REVIEWS_REFRESH_MS * 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(places.requests).toHaveLength(3);
  });

  it('keeps the last good data when a refresh fails, and logs the outage once', async () => {
    const reviews = newService();
    expect(await reviews.refresh()).toBe(true);
    const good = reviews.current();

    places.respond(500, { error: { code: 500, message: 'Backend error', status: 'INTERNAL' } });
    expect(await reviews.refresh()).toBe(false);
    expect(await reviews.refresh()).toBe(false);
    expect(reviews.current()).toBe(good);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toContain(`keeping the data from ${good.fetchedAt}`);

    places.respond(200, placeDetailsBody({ rating: 4.5 }));
    expect(await reviews.refresh()).toBe(true);
    expect(reviews.current().rating).toBe(4.5);
    expect(log.info).toHaveBeenCalledWith('Google reviews: refresh succeeded again.');
  });

  it('serves the curated file while Google has never answered', async () => {
    places.respond(503, { error: { code: 503, message: 'Unavailable' } });
    const reviews = newService();
    await reviews.ready();
    expect(reviews.current()).toBe(curated);
    expect(log.warn.mock.calls[0]![0]).toContain('serving the curated file');
  });

  it('shares one request between refreshes that overlap', async () => {
    places.respond(200, placeDetailsBody(), { delayMs: 100 });
    const reviews = newService();
    await Promise.all([reviews.refresh(), reviews.refresh(), reviews.ready()]);
    expect(places.requests).toHaveLength(1);
  });
});
