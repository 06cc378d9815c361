import { describe, expect, it } from 'vitest';
import { loadReviewsFile } from '../content/layer/content.ts';
import { site } from '../content/site.ts';
import { curatedPayload } from '../lib/reviews-curated.ts';
import { placeDetailsToPayload } from '../lib/google-places.ts';
import { placeDetailsBody } from '../tests/places-stand-in.ts';
import { heroRating } from './Hero.tsx';

const google = placeDetailsToPayload(placeDetailsBody(), new Date('2026-11-21T12:00:00Z'));
const curated = curatedPayload(loadReviewsFile(), new Date('2026-11-21T12:00:00Z'));

describe('the hero rating', () => {
  it('shows Google’s live average when the build read Google’s data', () => {
    expect(heroRating(google)).toEqual({ value: '4.9', label: 'rating on Google' });
  });

  it('falls back to the facts file’s claim with the curated file', () => {
    expect(heroRating(curated)).toEqual({ value: site.claims.rating, label: 'rating' });
  });
});
