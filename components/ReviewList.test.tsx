import { HtmlValidate } from 'html-validate';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReviewsFile } from '../content/layer/content.ts';
import { loadBuildReviews, reviewsForPages } from '../build/reviews.ts';
import Reviews, { resolveProps, type ReviewsSent } from '../client/islands/Reviews.tsx';
import { curatedPayload } from '../lib/reviews-curated.ts';
import { placeDetailsToPayload } from '../lib/google-places.ts';
import { placeDetailsBody } from '../tests/places-stand-in.ts';
import { PageContext } from './page-context.ts';
import ReviewList from './ReviewList.tsx';
import { testPageContext } from '../tests/page-context.ts';
import type { ReviewsPayload } from '../lib/reviews.ts';

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

async function expectValidHtml(fragment: string): Promise<void> {
  const report = await validator.validateString(
    `<!DOCTYPE html><html lang="en"><head><title>Reviews</title></head><body><main>${fragment}</main></body></html>`,
  );
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
}

const google = placeDetailsToPayload(placeDetailsBody(), new Date('2026-11-21T12:00:00Z'));
const sample: ReviewsPayload = { ...curatedPayload(loadReviewsFile(), new Date()), sample: true };

describe('the reviews section', () => {
  it('is valid HTML for Google data and for the curated file', async () => {
    await expectValidHtml(renderToString(<Reviews initial={google} limit={null} />));
    await expectValidHtml(renderToString(<Reviews initial={sample} limit={null} />));
  });

  it('keeps the heading the home page layout links to', () => {
    const html = renderToString(<Reviews initial={sample} limit={null} />);
    expect(html).toContain('<section aria-labelledby="reviews-heading"');
    expect(html).toContain('<h2 id="reviews-heading">What customers say</h2>');
  });

  it('shows Google Maps attribution, each author’s name, link and photo, and the report links', () => {
    const html = renderToString(<Reviews initial={google} limit={null} />);
    expect(html).toMatch(/<span class="google-maps-attribution" translate="no">Google Maps<\/span>/);
    expect(html).toContain('<strong>4.9</strong> out of 5 from <!-- -->57<!-- --> <!-- -->ratings');
    for (const review of google.reviews) {
      expect(html).toContain(`<a href="${review.author.url}" rel="noopener noreferrer external">${review.author.name}</a>`);
      expect(html).toContain(`src="${review.author.photoUrl}" alt=""`);
      expect(html).toContain(`href="${review.flagUrl!.replace(/&/g, '&amp;')}"`);
    }
    expect(html).toContain(`href="${google.mapsUrl}"`);
    expect(html).not.toContain('not customer');
  });

  it('always says that sample data is not real reviews', () => {
    const html = renderToString(<Reviews initial={sample} limit={null} />);
    expect(html).toContain('They are not customer');
    expect(html).not.toContain('Google Maps</span>');
  });

  it('carries no Review or AggregateRating structured data', () => {
    for (const payload of [google, sample]) {
      const html = renderToString(<Reviews initial={payload} limit={null} />);
      expect(html).not.toMatch(/itemprop|itemtype|application\/ld\+json|AggregateRating/);
    }
  });
});

// The reviews a build without Google credentials shows, and the file it writes for the island.
const built = reviewsForPages(await loadBuildReviews({ env: {} }));
const render = (list: React.ReactElement) =>
  renderToString(<PageContext.Provider value={testPageContext({ reviews: built.reviews })}>{list}</PageContext.Provider>);

describe('ReviewList', () => {
  afterEach(() => vi.unstubAllGlobals());

  const markerOf = (html: string) => {
    const marker = /^<div data-island="Reviews" data-hydrate="visible" data-props="([^"]*)"[^>]*>([\s\S]*)<\/div>$/.exec(html);
    expect(marker).not.toBeNull();
    return { sent: JSON.parse(marker![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as ReviewsSent, inner: marker![2]! };
  };

  it('renders the Reviews island, hydrated when visible, with at most `limit` reviews; its props carry where the data is, not the reviews', async () => {
    const html = render(<ReviewList limit={2} />);
    const { sent, inner } = markerOf(html);
    expect(sent).toEqual({ initialUrl: built.reviews.url, limit: 2 });
    expect(sent.initialUrl).toMatch(/^\/assets\/reviews-[0-9a-f]{10}\.json$/);
    expect(html.match(/<li class="card review"/g)).toHaveLength(2);
    // In the browser: the data file gives back exactly the props the HTML was rendered with, so hydration matches.
    const fetched = vi.fn(async () => new Response(built.body, { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetched);
    const props = await resolveProps(sent);
    expect(fetched).toHaveBeenCalledWith(built.reviews.url);
    expect(props!.initial.reviews).toHaveLength(2);
    expect(renderToString(<Reviews {...props!} />)).toBe(inner);
  });

  it('leaves the section as the server rendered it when the data file cannot be read', async () => {
    const sent: ReviewsSent = { initialUrl: built.reviews.url, limit: 6 };
    for (const answer of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('not found', { status: 404 }),
      async () => new Response('<html>captive portal</html>', { status: 200 }),
      async () => new Response(JSON.stringify({ error: 'nope' }), { status: 200 }),
    ]) {
      vi.stubGlobal('fetch', vi.fn(answer));
      expect(await resolveProps(sent)).toBeNull();
    }
  });

  it('renders every review without a limit', () => {
    const html = render(<ReviewList />);
    expect(html.match(/<li class="card review"/g)).toHaveLength(loadReviewsFile().reviews.length);
  });
});
