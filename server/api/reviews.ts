import { Hono } from 'hono';
import type { ReviewsService } from '../reviews/service.ts';

/**
 * Browsers and CDNs may reuse an answer for a minute: the island refetches
 * every 5 minutes and the server refreshes from Google every 5 minutes, so a
 * minute of reuse never makes the page noticeably staler.
 */
export const REVIEWS_CACHE_CONTROL = 'public, max-age=60';

/** GET /api/reviews: Google's place rating and reviews when configured, else the curated file. */
export function reviewsApi({ reviews }: { reviews: ReviewsService }): Hono {
  const api = new Hono();
  api.get('/reviews', async (c) => {
    await reviews.ready();
    return c.json(reviews.current(), 200, { 'cache-control': REVIEWS_CACHE_CONTROL });
  });
  return api;
}
