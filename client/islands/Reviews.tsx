import { useRef, useState } from 'react';
import { isReviewsPayload, limitReviews, type ReviewsPayload } from '../../lib/reviews.ts';
import ReviewCard from '../reviews/ReviewCard.tsx';
import { useFreshReviews } from '../reviews/use-fresh-reviews.ts';

export interface ReviewsProps {
  /** Build-time data: Google's when the build had credentials, else the curated file. */
  initial: ReviewsPayload;
  /** The most reviews shown (6 on the home page); null shows all. */
  limit: number | null;
}

/** What the page's marker carries: where the build's data is, not the data (the HTML shows it already). */
export interface ReviewsSent {
  /** The build's reviews as a file under /assets/ (build/reviews.ts `reviewsForPages`). */
  initialUrl: string;
  limit: number | null;
}

/**
 * The props the section was rendered with, rebuilt from the build's data file.
 * Null when it cannot be read (offline, say): the section then stays as the
 * server rendered it, which is complete, only not refreshed.
 */
export async function resolveProps({ initialUrl, limit }: ReviewsSent): Promise<ReviewsProps | null> {
  try {
    const response = await fetch(initialUrl);
    if (!response.ok) return null;
    const data: unknown = await response.json();
    return isReviewsPayload(data) ? { initial: limitReviews(data, limit), limit } : null;
  } catch {
    return null;
  }
}

/**
 * The reviews section. The server renders it from the build's data; once near
 * the viewport it hydrates and keeps the data fresh from /api/reviews, updating
 * in place while off screen. Google's data carries Google Maps attribution and
 * each author's name, link and photo as Google gives them (Google's terms for
 * showing its reviews); sample data always says that it is not real reviews. No
 * Review or AggregateRating markup: Google ignores self-serving review snippets.
 */
export default function Reviews({ initial, limit }: ReviewsProps) {
  const [data, setData] = useState(initial);
  const section = useRef<HTMLElement>(null);

  useFreshReviews(initial, limit, section, setData);

  const google = data.source === 'google';
  const none = data.reviews.length === 0;
  // The home page leaves the section out while it has nothing to show, not even a link; it still
  // hydrates (an empty box), so reviews appear once Google has answered the server.
  if (none && !data.mapsUrl && limit !== null) return <section ref={section} className="reviews" data-source={data.source} />;
  return (
    <section ref={section} aria-labelledby="reviews-heading" className="reviews" data-source={data.source}>
      <h2 id="reviews-heading">What customers say</h2>
      {data.sample && !none ? (
        <p className="notice reviews-sample-notice">
          These are placeholders showing where reviews from our Google Business Profile will appear. They are not customer
          reviews.
        </p>
      ) : null}
      <div className={google ? 'reviews-body reviews-google' : 'reviews-body'}>
        {google ? (
          <p className="reviews-summary">
            {data.rating !== null ? (
              <>
                <strong>{data.rating.toFixed(1)}</strong> out of 5 from {data.count}{' '}
                {data.count === 1 ? 'rating' : 'ratings'}{' '}
              </>
            ) : null}
            <span className="reviews-attribution">
              Reviews from{' '}
              <span className="google-maps-attribution" translate="no">
                Google Maps
              </span>
            </span>
          </p>
        ) : null}
        {data.reviews.length > 0 ? (
          <ul className="card-grid review-grid">
            {data.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </ul>
        ) : (
          <p>Reviews from our customers on Google will appear here.</p>
        )}
        {google && data.mapsUrl ? (
          <p className="reviews-more">
            <a href={data.mapsUrl} rel="noopener noreferrer external">
              Read all reviews and write one on Google Maps
            </a>
          </p>
        ) : null}
        {!google && data.mapsUrl ? (
          <p className="reviews-more">
            <a href={data.mapsUrl} rel="noopener noreferrer external">
              Read our reviews and write one on Google
            </a>
          </p>
        ) : null}
        {!google && data.sourceNote && !none ? <p className="meta-line">Source: {data.sourceNote}</p> : null}
      </div>
    </section>
  );
}
