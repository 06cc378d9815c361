import { z } from 'zod';
import type { ReviewEntry, ReviewsPayload } from './reviews.ts';
import type { GooglePlacesConfig } from './google-places-config.ts';
import { formatReviewDate } from './reviews-curated.ts';

/**
 * Place Details (New) needs a field mask; these are the fields the reviews
 * section shows. Requesting `reviews` bills the request at the Enterprise +
 * Atmosphere SKU. https://developers.google.com/maps/documentation/places/web-service/place-details
 */
export const PLACE_DETAILS_FIELD_MASK = 'id,rating,userRatingCount,googleMapsUri,reviews';

/** A Places request that has not answered by then is abandoned (the last good data stays). */
export const PLACES_TIMEOUT_MS = 10_000;

const localizedText = z.object({ text: z.string().optional(), languageCode: z.string().optional() });

// Lenient on purpose: Google adds fields over time, and one odd review must not cost us the rest.
const placeReview = z.object({
  name: z.string().optional(),
  relativePublishTimeDescription: z.string().optional(),
  rating: z.number().optional(),
  text: localizedText.optional(),
  originalText: localizedText.optional(),
  authorAttribution: z
    .object({ displayName: z.string().optional(), uri: z.string().optional(), photoUri: z.string().optional() })
    .optional(),
  publishTime: z.string().optional(),
  googleMapsUri: z.string().optional(),
  flagContentUri: z.string().optional(),
});

const placeDetails = z.object({
  id: z.string().optional(),
  rating: z.number().optional(),
  userRatingCount: z.number().optional(),
  googleMapsUri: z.string().optional(),
  reviews: z.array(z.unknown()).optional(),
});

/** A failed Places call; the message never contains the API key. */
export class PlacesError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PlacesError';
  }
}

/** Only https links (protocol-relative ones made https) reach the page: nothing else from a third party becomes an href. */
export function httpsUrl(value: string | undefined): string | null {
  if (!value) return null;
  const candidate = value.startsWith('//') ? `https:${value}` : value;
  if (!URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  return url.protocol === 'https:' ? url.href : null;
}

/** Maps one Places review to the payload's shape; null when it lacks what the page must show (a rating and an author). */
export function toReviewEntry(raw: unknown, index: number): ReviewEntry | null {
  const parsed = placeReview.safeParse(raw);
  if (!parsed.success) return null;
  const review = parsed.data;
  const name = review.authorAttribution?.displayName?.trim();
  if (!name || review.rating === undefined || !Number.isFinite(review.rating)) return null;
  const rating = Math.min(5, Math.max(1, Math.round(review.rating)));
  const publishedAt = review.publishTime && !Number.isNaN(Date.parse(review.publishTime)) ? review.publishTime : null;
  return {
    id: review.name ?? `google-${index}`,
    rating,
    text: (review.text?.text ?? review.originalText?.text ?? '').trim(),
    author: {
      name,
      url: httpsUrl(review.authorAttribution?.uri),
      photoUrl: httpsUrl(review.authorAttribution?.photoUri),
    },
    publishedAt,
    timeLabel: review.relativePublishTimeDescription?.trim() || (publishedAt ? formatReviewDate(publishedAt) : ''),
    reviewUrl: httpsUrl(review.googleMapsUri),
    flagUrl: httpsUrl(review.flagContentUri),
  };
}

/** Turns a Place Details (New) response body into the reviews payload. */
export function placeDetailsToPayload(body: unknown, fetchedAt: Date): ReviewsPayload {
  const parsed = placeDetails.safeParse(body);
  if (!parsed.success) throw new PlacesError('Places answered with an unexpected body');
  const place = parsed.data;
  const reviews = (place.reviews ?? []).map(toReviewEntry).filter((r): r is ReviewEntry => r !== null);
  const rating = place.rating !== undefined && Number.isFinite(place.rating) ? Math.round(place.rating * 10) / 10 : null;
  return {
    source: 'google',
    sample: false,
    rating,
    count: Math.max(0, Math.trunc(place.userRatingCount ?? reviews.length)),
    mapsUrl: httpsUrl(place.googleMapsUri),
    sourceNote: null,
    fetchedAt: fetchedAt.toISOString(),
    reviews,
  };
}

export interface FetchPlaceReviewsOptions {
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  timeoutMs?: number;
}

/**
 * GET {base}/v1/places/{placeId} with the API key and field mask in headers
 * (Place Details (New)). Throws PlacesError on a network failure, a timeout, a
 * non-2xx answer or a body that is not a place.
 */
export async function fetchPlaceReviews(
  config: GooglePlacesConfig,
  { fetch = globalThis.fetch, now = () => new Date(), timeoutMs = PLACES_TIMEOUT_MS }: FetchPlaceReviewsOptions = {},
): Promise<ReviewsPayload> {
  const url = `${config.baseUrl}/v1/places/${encodeURIComponent(config.placeId)}?languageCode=en`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        'X-Goog-Api-Key': config.apiKey,
        'X-Goog-FieldMask': PLACE_DETAILS_FIELD_MASK,
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error);
    throw new PlacesError(`Places request failed: ${reason}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PlacesError(`Places answered ${response.status} with a body that is not JSON`, response.status);
  }
  if (!response.ok) {
    // Google's error shape: { error: { code, message, status } }.
    const detail = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new PlacesError(
      `Places answered ${response.status}${typeof detail === 'string' ? `: ${detail.slice(0, 300)}` : ''}`,
      response.status,
    );
  }
  return placeDetailsToPayload(body, now());
}
