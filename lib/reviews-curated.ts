import type { ReviewsPayload } from './reviews.ts';

/** content/reviews.json as content/schema.ts validates it (the schema's output type must fit this). */
export interface CuratedReviewsFile {
  /** True while the file holds sample text, not real customer reviews. */
  sample: boolean;
  source: string;
  reviews: { author: string; authorUrl?: string; rating: number; text: string; date: string }[];
}

// UTC and a fixed locale: the build, the server and every visitor's browser print the same text.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "2026-02-14" or an ISO date-time → "February 14, 2026"; text that is not a date is returned as is. */
export function formatReviewDate(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : DATE_FORMAT.format(time);
}

/**
 * The file as visitors may see it: a production build shows no sample review (none at all
 * rather than made-up ones), so a sample file keeps its flag and loses its reviews.
 */
export function visitorReviewsFile(file: CuratedReviewsFile, production: boolean): CuratedReviewsFile {
  return production && file.sample ? { ...file, reviews: [] } : file;
}

/**
 * The curated reviews file (content/reviews.json) as the reviews payload. It has
 * no place rating: an average of hand-picked reviews would overstate it. `profileUrl`
 * is the business's Google profile, if known (business-facts.ts `googleProfileUrl`).
 */
export function curatedPayload(file: CuratedReviewsFile, readAt: Date, profileUrl: string | null = null): ReviewsPayload {
  return {
    source: 'curated',
    sample: file.sample,
    rating: null,
    count: file.reviews.length,
    mapsUrl: profileUrl,
    sourceNote: file.source,
    fetchedAt: readAt.toISOString(),
    reviews: file.reviews.map((review, index) => ({
      id: `curated-${index + 1}`,
      rating: review.rating,
      text: review.text,
      author: { name: review.author, url: review.authorUrl ?? null, photoUrl: null },
      publishedAt: Number.isNaN(Date.parse(review.date)) ? null : review.date,
      timeLabel: formatReviewDate(review.date),
      reviewUrl: null,
      flagUrl: null,
    })),
  };
}
