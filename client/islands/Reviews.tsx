import { useEffect, useRef, useState } from 'react';
import { isReviewsPayload, limitReviews, REVIEWS_API_PATH, type ReviewsPayload } from '../../lib/reviews.ts';
import { startReviewsQuery } from '../reviews-query.ts';

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

async function fetchReviews(): Promise<unknown> {
  const response = await fetch(REVIEWS_API_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${REVIEWS_API_PATH} answered ${response.status}`);
  return response.json();
}

/**
 * The reviews section (DECISIONS.md "Reviews"). The server renders it from the
 * build's data; once near the viewport it hydrates and keeps the data fresh from
 * /api/reviews, updating in place while off screen. Google's data carries Google Maps attribution
 * and each author's name, link and photo as Google gives them; sample data always
 * says that it is not real reviews. No Review or AggregateRating markup: Google
 * ignores self-serving review snippets.
 */
export default function Reviews({ initial, limit }: ReviewsProps) {
  const [data, setData] = useState(initial);
  const section = useRef<HTMLElement>(null);

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

  const google = data.source === 'google';
  return (
    <section ref={section} aria-labelledby="reviews-heading" className="reviews" data-source={data.source}>
      <h2 id="reviews-heading">What customers say</h2>
      {data.sample ? (
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
            {data.reviews.map((review) => {
              const time = review.publishedAt ? (
                <time dateTime={review.publishedAt}>{review.timeLabel}</time>
              ) : (
                <span>{review.timeLabel}</span>
              );
              return (
                <li className="card review" key={review.id}>
                  <p className="stars">
                    <span className="visually-hidden">Rated {review.rating} out of 5</span>
                    <span aria-hidden="true">
                      {'★'.repeat(review.rating)}
                      {'☆'.repeat(5 - review.rating)}
                    </span>
                  </p>
                  {review.text ? (
                    <blockquote className="review-text">
                      <p>{review.text}</p>
                    </blockquote>
                  ) : null}
                  <p className="review-author">
                    {review.author.photoUrl ? (
                      <img
                        className="review-author-photo"
                        src={review.author.photoUrl}
                        alt=""
                        width={32}
                        height={32}
                        loading="lazy"
                        decoding="async"
                        referrerPolicy="no-referrer"
                      />
                    ) : null}
                    <span className="review-author-name">
                      {review.author.url ? (
                        <a href={review.author.url} rel="noopener noreferrer external">
                          {review.author.name}
                        </a>
                      ) : (
                        review.author.name
                      )}
                    </span>
                  </p>
                  <p className="meta-line review-meta">
                    {review.reviewUrl ? (
                      <a href={review.reviewUrl} rel="noopener noreferrer external">
                        {time}
                        <span className="visually-hidden">, {review.author.name}’s review on Google Maps</span>
                      </a>
                    ) : (
                      time
                    )}
                    {review.flagUrl ? (
                      <>
                        {' · '}
                        <a href={review.flagUrl} rel="noopener noreferrer external nofollow">
                          Report<span className="visually-hidden"> {review.author.name}’s review</span>
                        </a>
                      </>
                    ) : null}
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>No reviews to show yet.</p>
        )}
        {google && data.mapsUrl ? (
          <p className="reviews-more">
            <a href={data.mapsUrl} rel="noopener noreferrer external">
              Read all reviews and write one on Google Maps
            </a>
          </p>
        ) : null}
        {!google && data.sourceNote ? <p className="meta-line">Source: {data.sourceNote}</p> : null}
      </div>
    </section>
  );
}
