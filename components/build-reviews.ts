import { loadBuildReviews } from '../build/reviews.ts';

/**
 * The reviews this build writes into its pages, read once before any page renders:
 * Google's data when the build has credentials, else the curated file (React renders
 * synchronously, so it cannot wait per page). The reviews section and the hero's
 * rating both show it.
 */
export const buildReviews = await loadBuildReviews();
