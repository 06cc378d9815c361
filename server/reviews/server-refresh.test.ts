import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewsPayload } from '../../lib/reviews.ts';
import { STAND_IN_API_KEY, STAND_IN_PLACE_ID, startPlacesStandIn, type PlacesStandIn } from '../../tests/places-stand-in.ts';
import { openTestDb } from '../../tests/test-db.ts';
import { startServer } from '../index.ts';
import { makeTempDist, testEnv } from '../../tests/dist-fixture.ts';

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let places: PlacesStandIn;

beforeAll(async () => {
  dist = await makeTempDist();
  places = await startPlacesStandIn();
});

afterAll(async () => {
  await places?.close();
  await dist?.cleanup();
});

describe('the running server with Google Places configured', () => {
  it('fetches the reviews at start, before anyone asks, and serves them over HTTP', async () => {
    const env = testEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: dist.dir,
      GOOGLE_PLACES_API_KEY: STAND_IN_API_KEY,
      GOOGLE_PLACE_ID: STAND_IN_PLACE_ID,
      GOOGLE_PLACES_BASE_URL: places.url,
    });
    const running = await startServer(env, { db: await openTestDb(null) });
    try {
      const deadline = Date.now() + 5000;
      while (places.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(places.requests).toHaveLength(1);
      const res = await fetch(`http://127.0.0.1:${running.port}/api/reviews`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as ReviewsPayload;
      expect(body).toMatchObject({ source: 'google', sample: false, count: 57 });
      expect(places.requests).toHaveLength(1);
    } finally {
      await running.shutdown();
    }
  });
});
