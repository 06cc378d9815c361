import { useEffect, type RefObject } from 'react';
import { limitReviews, REVIEWS_API_PATH, type ReviewsPayload } from '../../lib/reviews.ts';
import { startReviewsQuery } from '../reviews-query.ts';

async function fetchReviews(): Promise<unknown> {
  const response = await fetch(REVIEWS_API_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${REVIEWS_API_PATH} answered ${response.status}`);
  return response.json();
}

/**
 * Keeps the reviews section's data fresh from /api/reviews once it has hydrated,
 * putting newer data in only while the section is off screen or the page hidden.
 */
export function useFreshReviews(
  initial: ReviewsPayload,
  limit: number | null,
  section: RefObject<HTMLElement | null>,
  setData: (data: ReviewsPayload) => void,
) {
  useEffect(() => {
    const el = section.current;
    // Newer data waits while the section is on screen: text must not move under the reader
    // (no layout shift). It goes in as soon as the section leaves the viewport or the page is hidden.
    let pending: ReviewsPayload | null = null;
    const rect = el?.getBoundingClientRect();
    let onScreen = rect ? rect.bottom > 0 && rect.top < window.innerHeight : false;
    const apply = () => {
      if (!pending) return;
      setData(limitReviews(pending, limit));
      pending = null;
    };
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      if (!onScreen) apply();
    });
    if (el) observer.observe(el);

    const query = startReviewsQuery({
      initial,
      fetchJson: fetchReviews,
      isVisible: () => document.visibilityState === 'visible',
      onData: (payload) => {
        pending = payload;
        if (!onScreen || document.visibilityState === 'hidden') apply();
      },
    });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') apply();
      else query.refetchIfStale();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer.disconnect();
      query.stop();
    };
    // Once per mount: the props come from the HTML and never change.
  }, []);
}
