import type { ReviewEntry } from '../../lib/reviews.ts';

/**
 * One review as its source gives it: the stars, the text, and the author's
 * name, link and photo; a Google review links to itself on Google Maps and to
 * Google's form for reporting it.
 */
export default function ReviewCard({ review }: { review: ReviewEntry }) {
  const time = review.publishedAt ? (
    <time dateTime={review.publishedAt}>{review.timeLabel}</time>
  ) : (
    <span>{review.timeLabel}</span>
  );
  return (
    <li className="card review">
      <p className="stars">
        <span className="visually-hidden">{`Rated ${review.rating} out of 5`}</span>
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
}
