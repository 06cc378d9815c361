import crypto from 'node:crypto';
import { loadBuildReviews } from '../build/reviews.ts';

/**
 * The reviews this build writes into its pages, read once before any page renders:
 * Google's data when the build has credentials, else the curated file (React renders
 * synchronously, so it cannot wait per page). The reviews section and the hero's
 * rating both show it.
 */
export const buildReviews = await loadBuildReviews();

const body = JSON.stringify(buildReviews);

/**
 * The same data as a file under /assets/ (hashed, so cached for good), which the
 * reviews island reads when it hydrates: the pages carry the reviews once, as
 * HTML, not again as the island's props (issue 11). The build writes it into dist/.
 */
export const buildReviewsAsset = {
  url: `/assets/reviews-${crypto.createHash('sha256').update(body).digest('hex').slice(0, 10)}.json`,
  body,
};
