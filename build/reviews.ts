import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildReviews } from '../components/page-context.ts';
import type { ReviewsPayload } from '../lib/reviews.ts';
import { googlePlacesConfig, googlePlacesMisconfiguration, readGooglePlacesEnv } from '../lib/google-places-config.ts';
import { curatedPayload, visitorReviewsFile, type CuratedReviewsFile } from '../lib/reviews-curated.ts';
import { googleProfileUrl } from '../lib/business-facts.ts';
import { site } from '../content/site.ts';
import { fetchPlaceReviews } from '../lib/google-places.ts';
import { loadReviewsFile } from '../content/layer/content.ts';
import { CONTENT_DIR } from './paths.ts';
import { withOwnerPlaceId } from './place-id.ts';

export interface BuildReviewsOptions {
  env?: Record<string, string | undefined>;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  warn?: (line: string) => void;
}

/**
 * The reviews the build writes into the HTML: Google's
 * when the build has GOOGLE_PLACES_API_KEY and a Place ID (the owner's from the overlay, else
 * GOOGLE_PLACE_ID), else the curated
 * file (without its reviews in a production build when they are samples). A failed Google call is a warning, not a failed build: the page then
 * shows the curated file and the island fetches Google's data from the server.
 */
export async function loadBuildReviews({
  env = process.env,
  fetch = globalThis.fetch,
  now = () => new Date(),
  warn = (line) => console.warn(`  warning: ${line}`),
}: BuildReviewsOptions = {}): Promise<ReviewsPayload> {
  // The owner's saved Place ID, from the overlay, wins over GOOGLE_PLACE_ID.
  const placesEnv = readGooglePlacesEnv(withOwnerPlaceId(env));
  const problem = googlePlacesMisconfiguration(placesEnv);
  if (problem) warn(problem);
  const config = googlePlacesConfig(placesEnv);
  if (config) {
    try {
      return await fetchPlaceReviews(config, { fetch, now });
    } catch (error) {
      warn(`Google reviews not fetched, the pages show content/reviews.json: ${(error as Error).message}`);
    }
  }
  // The file's last change, not the clock: the same file builds the same pages, so the
  // content-hash caches (compression, search index) hit on a rebuild. The
  // island refetches such data at once, as it does any page served 5 minutes after a build.
  return curatedPayload(
    builtReviewsFile(env),
    fs.statSync(path.join(CONTENT_DIR, 'reviews.json')).mtime,
    googleProfileUrl(site.social),
  );
}

/** content/reviews.json as the server is to serve it: without sample reviews in a production build. */
export function builtReviewsFile(env: Record<string, string | undefined> = process.env): CuratedReviewsFile {
  return visitorReviewsFile(loadReviewsFile(), env.NODE_ENV === 'production');
}

/**
 * The reviews as the pages show them, and `body`, the file the build writes at
 * `reviews.url` (under /assets/, named by its hash) for the reviews island.
 */
export function reviewsForPages(payload: ReviewsPayload): { reviews: BuildReviews; body: string } {
  const body = JSON.stringify(payload);
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 10);
  return { reviews: { payload, url: `/assets/reviews-${hash}.json` }, body };
}
