import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ReviewList from '../components/ReviewList.tsx';
import { PageContext } from '../components/page-context.ts';
import { HOME_REVIEW_LIMIT } from '../pages/index.tsx';
import { builtReviewsFile, loadBuildReviews, reviewsForPages } from './reviews.ts';
import { loadReviewsFile } from '../content/layer/content.ts';
import { site } from '../content/site.ts';
import { googleProfileUrl } from '../lib/business-facts.ts';
import { testPageContext } from '../tests/page-context.ts';

const noFetch = (() => Promise.reject(new Error('no network in this test'))) as typeof globalThis.fetch;

/**
 * The reviews section of the home page and of /testimonials as a build with `env` renders it
 * (no Google key: the curated file). The pages themselves need processed images, which unit tests lack.
 */
async function render(env: Record<string, string | undefined>): Promise<Record<string, string>> {
  const payload = await loadBuildReviews({ env, fetch: noFetch, warn: () => {} });
  const context = testPageContext({ reviews: reviewsForPages(payload).reviews });
  const section = (limit?: number) =>
    renderToString(createElement(PageContext.Provider, { value: context }, createElement(ReviewList, { limit })));
  // /testimonials is its Markdown followed by the whole list; the home page shows HOME_REVIEW_LIMIT.
  return { '/': section(HOME_REVIEW_LIMIT), '/testimonials': section() };
}

const SAMPLE_TEXT = /Sample review|Sample reviewer|placeholders showing where reviews/;

describe('sample reviews', () => {
  it('guards a file that is still sample data (this check needs one)', () => {
    expect(loadReviewsFile().sample).toBe(true);
    expect(loadReviewsFile().reviews.length).toBeGreaterThan(0);
  });

  it('never reach a visitor from a production build: no sample text, no rating, an honest /testimonials', async () => {
    const pages = await render({ NODE_ENV: 'production' });
    expect(Object.keys(pages).sort()).toEqual(['/', '/testimonials']);
    for (const [path, html] of Object.entries(pages)) {
      expect(html, path).not.toMatch(SAMPLE_TEXT);
      expect(html, path).not.toMatch(/aggregateRating|"@type":\s*"Review"|reviewRating|out of 5/i);
    }
    expect(pages['/testimonials']).toContain('Reviews from our customers on Google will appear here.');
    // The site's facts name no real Google profile yet: no link to a made-up one either.
    expect(googleProfileUrl(site.social)).toBeNull();
    expect(pages['/']).not.toContain('id="reviews-heading"');
    // The server serves the same: the file it is handed has no sample review.
    expect(builtReviewsFile({ NODE_ENV: 'production' }).reviews).toEqual([]);
  });

  it('still show, labelled as samples, in a development build', async () => {
    const pages = await render({ NODE_ENV: 'development' });
    expect(pages['/testimonials']).toMatch(SAMPLE_TEXT);
    expect(pages['/testimonials']).toContain('They are not customer reviews.');
  });
});

describe('the Google profile link', () => {
  it('comes from a real Google profile among the business’s links, never from a placeholder', () => {
    expect(googleProfileUrl([{ name: 'Facebook', url: 'https://www.facebook.com/example' }])).toBeNull();
    expect(googleProfileUrl([{ name: 'Google', url: 'https://g.page/example' }])).toBeNull();
    expect(googleProfileUrl([{ name: 'Reviews', url: 'https://maps.app.goo.gl/AbC123' }])).toBe('https://maps.app.goo.gl/AbC123');
    expect(googleProfileUrl([{ name: 'Facebook', url: 'https://www.facebook.com/savroof' }])).toBeNull();
  });
});
