import { loadReviewsFile } from '../build/content.ts';

/**
 * Reviews from the curated file (DECISIONS.md "Reviews"). While the file is
 * sample data it says so on the page: no invented review passes as real.
 */
export default function ReviewList({ limit }: { limit?: number }) {
  const file = loadReviewsFile();
  const reviews = limit ? file.reviews.slice(0, limit) : file.reviews;
  return (
    <section aria-labelledby="reviews-heading" className="reviews">
      <h2 id="reviews-heading">What customers say</h2>
      {file.sample ? (
        <p className="notice">
          These are placeholders showing where reviews from our Google Business Profile will appear. They are not customer
          reviews.
        </p>
      ) : null}
      <ul className="card-grid">
        {reviews.map((r, i) => (
          <li className="card" key={i}>
            <p className="stars">
              <span className="visually-hidden">Rated {r.rating} out of 5</span>
              <span aria-hidden="true">
                {'★'.repeat(r.rating)}
                {'☆'.repeat(5 - r.rating)}
              </span>
            </p>
            <blockquote>
              <p>{r.text}</p>
            </blockquote>
            <p className="meta-line">
              {r.authorUrl ? (
                <a href={r.authorUrl} rel="noopener noreferrer external">
                  {r.author}
                </a>
              ) : (
                r.author
              )}{' '}
              · <time dateTime={r.date}>{r.date}</time>
            </p>
          </li>
        ))}
      </ul>
      <p className="meta-line">Source: {file.source}</p>
    </section>
  );
}
