import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  placeDetailsBody,
  STAND_IN_API_KEY,
  STAND_IN_PLACE_ID,
  startPlacesStandIn,
  type PlacesStandIn,
} from '../tests/places-stand-in.ts';
import { loadReviewsFile } from '../content/layer/content.ts';
import { CONTENT_DIR } from './paths.ts';
import { PLACE_ID_FILE } from './place-id.ts';
import { loadBuildReviews } from './reviews.ts';

let places: PlacesStandIn;

beforeAll(async () => {
  places = await startPlacesStandIn();
});

afterAll(async () => {
  await places?.close();
});

beforeEach(() => {
  places.requests.length = 0;
  places.respond(200, placeDetailsBody());
});

const googleEnv = () => ({
  GOOGLE_PLACES_API_KEY: STAND_IN_API_KEY,
  GOOGLE_PLACE_ID: STAND_IN_PLACE_ID,
  GOOGLE_PLACES_BASE_URL: places.url,
});

describe('the reviews the build writes into the pages', () => {
  it("carry the curated file's last change as their time, so two builds write the same pages", async () => {
    const first = await loadBuildReviews({ env: {}, warn: () => {} });
    const second = await loadBuildReviews({ env: {}, warn: () => {}, now: () => new Date(Date.now() + 60_000) });
    expect(second).toEqual(first);
    expect(first.fetchedAt).toBe(fs.statSync(path.join(CONTENT_DIR, 'reviews.json')).mtime.toISOString());
  });

  it('are the curated file, with its sample flag, when the build has no Google credentials', async () => {
    const warn = vi.fn();
    const payload = await loadBuildReviews({ env: {}, warn });
    const file = loadReviewsFile();
    expect(payload).toMatchObject({
      source: 'curated',
      sample: file.sample,
      count: file.reviews.length,
      sourceNote: file.source,
    });
    expect(payload.reviews[0]).toMatchObject({ author: { name: file.reviews[0]!.author }, text: file.reviews[0]!.text });
    expect(warn).not.toHaveBeenCalled();
    expect(places.requests).toHaveLength(0);
  });

  it('are Google’s when the build has credentials', async () => {
    const payload = await loadBuildReviews({ env: googleEnv(), warn: () => {} });
    expect(payload).toMatchObject({ source: 'google', sample: false, count: 57 });
    expect(places.requests).toHaveLength(1);
  });

  it('are fetched for the owner’s saved Place ID, from the overlay, over GOOGLE_PLACE_ID', async () => {
    const overlay = fs.mkdtempSync(path.join(os.tmpdir(), 'place-overlay-'));
    const saved = 'ChIJ_saved_by_the_owner_in_settings';
    try {
      fs.writeFileSync(path.join(overlay, PLACE_ID_FILE), JSON.stringify({ placeId: saved }));
      const payload = await loadBuildReviews({ env: { ...googleEnv(), CONTENT_OVERLAY_DIR: overlay }, warn: () => {} });
      expect(payload.source).toBe('google');
      expect(places.requests.map((r) => r.path)).toEqual([expect.stringContaining(`/places/${saved}`)]);
    } finally {
      fs.rmSync(overlay, { recursive: true, force: true });
    }
  });

  it('fall back to the curated file, with a warning, when Google fails at build time', async () => {
    places.respond(500, { error: { message: 'Backend error' } });
    const warn = vi.fn();
    const payload = await loadBuildReviews({ env: googleEnv(), warn });
    expect(payload.source).toBe('curated');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Places answered 500: Backend error'));
  });
});
