/**
 * The reviews payload: one shape for Google Places data and for the curated
 * file, shared by the build (server-rendered HTML), the server (`GET /api/reviews`)
 * and the `Reviews` island. Plain JSON, so it travels as island props unchanged.
 * No browser or Node APIs here: the island bundle imports this file.
 */

/** The server refreshes Google's data every 300000 ms. */
export const REVIEWS_REFRESH_MS = 300_000;
/** The browser refetches reviews every 5 minutes. */
export const REVIEWS_REFETCH_MS = 5 * 60 * 1000;
/** The browser's copy is fresh for 300 seconds. */
export const REVIEWS_FRESH_MS = 300 * 1000;
/** A failed fetch in the browser is retried once. */
export const REVIEWS_RETRIES = 1;
/** Where the island refetches from. */
export const REVIEWS_API_PATH = '/api/reviews';

export interface ReviewAuthor {
  name: string;
  /** The author's profile (Google Maps contributor page), when the source gives one. */
  url: string | null;
  /** The author's profile photo, when the source gives one. */
  photoUrl: string | null;
}

export interface ReviewEntry {
  /** Stable key: Google's review resource name, or the curated file's position. */
  id: string;
  /** 1 to 5 stars. */
  rating: number;
  /** The review text; Google allows rating-only reviews, so it may be empty. */
  text: string;
  author: ReviewAuthor;
  /** ISO 8601 publish time (or date), when known. */
  publishedAt: string | null;
  /** What the page shows for the time: Google's relative text ("a month ago") or a formatted date. */
  timeLabel: string;
  /** The review on Google Maps. */
  reviewUrl: string | null;
  /** Google's link for reporting the review (Places API content reporting). */
  flagUrl: string | null;
}

export interface ReviewsPayload {
  source: 'google' | 'curated';
  /** True while the data is sample text, never real customer reviews: the page then says so. */
  sample: boolean;
  /** The place's average rating on Google; null for the curated file (a hand-picked average would mislead). */
  rating: number | null;
  /** Google's total number of ratings for the place, or the number of curated reviews. */
  count: number;
  /** The place on Google Maps (Place Details `googleMapsUri`). */
  mapsUrl: string | null;
  /** Where curated reviews come from, as the file says. */
  sourceNote: string | null;
  /** When this data was fetched from Google or read from the file (ISO 8601). */
  fetchedAt: string;
  reviews: ReviewEntry[];
}

/** The payload with at most `limit` reviews (all when `limit` is null or undefined). */
export function limitReviews(payload: ReviewsPayload, limit: number | null | undefined): ReviewsPayload {
  if (limit === null || limit === undefined || payload.reviews.length <= limit) return payload;
  return { ...payload, reviews: payload.reviews.slice(0, limit) };
}

/**
 * A cheap structural check for JSON from `/api/reviews`, so a broken or foreign
 * answer (a captive portal's HTML page, an error object) never replaces good data.
 */
export function isReviewsPayload(value: unknown): value is ReviewsPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.source === 'google' || v.source === 'curated') &&
    typeof v.sample === 'boolean' &&
    typeof v.count === 'number' &&
    typeof v.fetchedAt === 'string' &&
    Array.isArray(v.reviews) &&
    v.reviews.every(
      (r) =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as ReviewEntry).id === 'string' &&
        typeof (r as ReviewEntry).rating === 'number' &&
        typeof (r as ReviewEntry).text === 'string' &&
        typeof (r as ReviewEntry).author?.name === 'string',
    )
  );
}
