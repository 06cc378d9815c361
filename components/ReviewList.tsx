import Reviews, { type ReviewsSent } from '../client/islands/Reviews.tsx';
import Island from './Island.tsx';
import { usePage } from './page-context.ts';
import { useSheet } from './page-sheets.ts';
import { limitReviews } from '../lib/reviews.ts';

/**
 * The reviews section: server-rendered from the build's
 * data, hydrated when scrolled near from the same data as a file (not as props: the
 * HTML already shows it), then kept fresh from /api/reviews.
 * `limit` caps how many show (6 on the home page).
 */
export default function ReviewList({ limit }: { limit?: number }) {
  useSheet('reviews');
  const { reviews } = usePage();
  return (
    <Island
      of={Reviews}
      hydrate="visible"
      props={{ initial: limitReviews(reviews.payload, limit), limit: limit ?? null }}
      sent={{ initialUrl: reviews.url, limit: limit ?? null } satisfies ReviewsSent}
    />
  );
}
