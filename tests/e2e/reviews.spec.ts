import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { limitReviews, REVIEWS_API_PATH, REVIEWS_REFETCH_MS, type ReviewsPayload } from '../../lib/reviews.ts';
import {
  placeDetailsBody,
  STAND_IN_API_KEY,
  STAND_IN_PLACE_ID,
  startPlacesStandIn,
  type PlacesStandIn,
} from '../places-stand-in.ts';
import type { ReviewsSent } from '../../client/islands/Reviews.tsx';
import { startTestServer, type TestServer } from '../server-process.ts';
import { DIST, WCAG_TAGS, baseUrl, waitForHydrated } from './helpers.ts';

/** The reviews data the home page was built with: its island marker names the data file and the limit. */
function builtHomeReviews(): { initial: ReviewsPayload; limit: number | null } {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const match = /data-island="Reviews"[^>]*data-props="([^"]*)"/.exec(html);
  if (!match) throw new Error('dist/index.html has no Reviews island');
  const { initialUrl, limit } = JSON.parse(match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as ReviewsSent;
  const data = JSON.parse(fs.readFileSync(path.join(DIST, initialUrl), 'utf8')) as ReviewsPayload;
  return { initial: limitReviews(data, limit), limit };
}

/** The home page shows at most six reviews. */
const HOME_REVIEW_LIMIT = 6;

const reviewsSection = (page: Page) => page.locator('section[aria-labelledby="reviews-heading"]');
/** The island's section, also while it is the empty box a page without reviews to show carries (no heading). */
const reviewsBox = (page: Page) => page.locator('[data-island="Reviews"] > section.reviews');
/** Scrolls the island's section into view; an empty box has no size, which Playwright's own scrolling refuses. */
const scrollToReviews = (page: Page) => reviewsBox(page).evaluate((el) => el.scrollIntoView());

for (const tag of ['', ' @mobile']) {
  test(`home page reviews hydrate when scrolled near and show at most ${HOME_REVIEW_LIMIT}${tag}`, async ({ page }) => {
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    // Far below the fold: the text is in the HTML, but React has not loaded for it.
    await expect(page.locator('[data-island="Reviews"]')).not.toHaveAttribute('data-hydrated');
    const built = builtHomeReviews();
    if (built.initial.reviews.length === 0 && !built.initial.mapsUrl) {
      // A production build with only sample reviews and no Google profile: visitors see no reviews
      // section at all, only the island's empty box, which still hydrates to take Google's data later.
      await expect(reviewsSection(page)).toHaveCount(0);
      await expect(reviewsBox(page).locator('h2, li')).toHaveCount(0);
      await scrollToReviews(page);
      await waitForHydrated(page, 'Reviews');
      await expect(reviewsBox(page).locator('h2, li')).toHaveCount(0);
      return;
    }
    const section = reviewsSection(page);
    await expect(section.getByRole('heading', { level: 2, name: 'What customers say' })).toBeAttached();
    const cards = section.locator('li.review');
    expect(await cards.count()).toBe(built.initial.reviews.length);

    await section.scrollIntoViewIfNeeded();
    await waitForHydrated(page, 'Reviews');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(HOME_REVIEW_LIMIT);
    if (built.initial.sample) {
      await expect(section.locator('.reviews-sample-notice')).toBeVisible();
      await expect(section.locator('.reviews-sample-notice')).toContainText('They are not customer reviews.');
    }
    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="reviews-heading"]')
      .withTags(WCAG_TAGS)
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('the home page has no Review or AggregateRating structured data', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  for (const block of blocks) expect(block).not.toMatch(/"(Review|AggregateRating)"|aggregateRating|"review"/);
});

test.describe('with Google Places configured on the server', () => {
  let places: PlacesStandIn;
  let server: TestServer;

  test.beforeAll(async () => {
    // The hook's own time limit: a server start on loaded cores may take most of the minute a test gets.
    test.setTimeout(120_000);
    places = await startPlacesStandIn();
    server = await startTestServer({
      GOOGLE_PLACES_API_KEY: STAND_IN_API_KEY,
      GOOGLE_PLACE_ID: STAND_IN_PLACE_ID,
      GOOGLE_PLACES_BASE_URL: places.url,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await places?.close();
  });

  test('the island refetches after 5 minutes and updates in place with attributed Google reviews', async ({ page }) => {
    const built = builtHomeReviews();
    test.skip(built.initial.source === 'google', 'the build already had Google data');
    // Start the page's clock when the build read its data, so the island sees fresh data and waits.
    await page.clock.install({ time: Date.parse(built.initial.fetchedAt) + 1000 });
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === REVIEWS_API_PATH) apiCalls.push(req.url());
    });

    // Author photos come from Google's image host; the test machine is offline, so serve a stand-in picture.
    await page.route('https://lh3.googleusercontent.com/**', (route) =>
      route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="16"/></svg>',
      }),
    );

    await page.goto(`${server.url}/`);
    // The box, not the heading: a production build with only sample reviews renders an empty box until Google's arrive.
    const section = reviewsBox(page);
    await scrollToReviews(page);
    await waitForHydrated(page, 'Reviews');
    await expect(section).toHaveAttribute('data-source', 'curated');
    expect(apiCalls).toEqual([]);

    // Each shift is kept with what moved, so that a failure names its cause.
    await page.evaluate(() => {
      const shifts: string[] = [];
      (window as unknown as { __shifts: string[] }).__shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          const nodes = (entry.sources ?? []).map(({ node }) =>
            node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName),
          );
          shifts.push(`${entry.value.toFixed(5)}: ${nodes.join(', ')}`);
        }
      }).observe({ type: 'layout-shift' });
    });
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === REVIEWS_API_PATH);
    await page.clock.runFor(REVIEWS_REFETCH_MS);
    expect((await answered).status()).toBe(200);

    // While the reader looks at the section, the new data waits; it goes in once the section is off screen.
    await page.waitForTimeout(300);
    await expect(section).toHaveAttribute('data-source', 'curated');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(section).toHaveAttribute('data-source', 'google');
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);

    await expect(section.locator('.reviews-sample-notice')).toHaveCount(0);
    await expect(section.locator('.google-maps-attribution')).toHaveText('Google Maps');
    await expect(section.locator('.google-maps-attribution')).toBeVisible();
    await expect(section.locator('.reviews-summary')).toContainText('4.9 out of 5 from 57 ratings');
    const cards = section.locator('li.review');
    await expect(cards).toHaveCount((placeDetailsBody().reviews as unknown[]).length);
    const first = cards.first();
    await expect(first.getByRole('link', { name: 'Dana Whitfield', exact: true })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/contrib/100000000000000000000/reviews',
    );
    const photo = first.locator('img.review-author-photo');
    await expect(photo).toHaveAttribute('src', /^https:\/\/lh3\.googleusercontent\.com\/a\/stand-in-0/);
    await expect(photo).toHaveAttribute('alt', '');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(first.getByRole('link', { name: /Report Dana Whitfield’s review/ })).toBeAttached();
    await expect(section.getByRole('link', { name: /Read all reviews .* on Google Maps/ })).toHaveAttribute(
      'href',
      'https://maps.google.com/?cid=1234567890123456789',
    );
    // Updated in place: the island was not re-created.
    await expect(page.locator('[data-island="Reviews"][data-hydrated]')).toHaveCount(1);
    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="reviews-heading"]')
      .withTags(WCAG_TAGS)
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
