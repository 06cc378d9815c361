import { expect, test } from '@playwright/test';
import { baseUrl, builtRoutes, expectNoAxeViolations, waitForEntry } from './helpers.ts';

const ARTICLE = '/blog/hurricane-roof-preparation-checklist';
/** The first search fetches and compiles Pagefind's WebAssembly and index: seconds when the other test worker is busy. */
const FIRST_SEARCH_MS = 15_000;

test.describe('article reading aids', () => {
  test('the table of contents lists the h2 and h3 headings and its links land on them', async ({ page }) => {
    await page.goto(`${baseUrl()}${ARTICLE}`);
    const toc = page.getByRole('navigation', { name: 'In this guide' });
    const headings = page.locator('main .prose :is(h2, h3)[id]');
    const ids = await headings.evaluateAll((hs) => hs.map((h) => h.id));
    expect(ids.length).toBeGreaterThan(3);
    expect(await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(ids.map((id) => `#${id}`));
    const second = toc.locator('a').nth(1);
    const target = (await second.getAttribute('href'))!;
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
    await expect(page.locator('.reading-time')).toHaveText(/^\d+ min read \([\d,]+ words at 220 a minute\)$/);
  });

  test('related articles, the matching services and the place are linked, and axe finds nothing', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog/historic-district-roofing-savannah`);
    const related = page.locator('section[aria-labelledby="related-heading"] a');
    await expect(related).toHaveCount(3);
    for (const href of await related.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/blog\//);
      expect(href).not.toBe('/blog/historic-district-roofing-savannah');
    }
    const next = page.getByRole('list', { name: 'Services and areas for this guide' });
    await expect(next.locator('a[href^="/services/"]').first()).toBeVisible();
    await expect(next.locator('a[href="/locations/historic-district-savannah-roofing"]')).toBeVisible();
    await expectNoAxeViolations(page, 'an article');
  });
});

test.describe('blog topic chips', () => {
  test('filter in place by keyboard, keep ?category= in the URL, and the back button undoes them', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog`);
    // The chips filter in place once the entry (loaded after the first paint) has wired them; before, they are links.
    await waitForEntry(page);
    const chips = page.getByRole('navigation', { name: 'Blog topics' });
    const all = await page.locator('#articles > li').count();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const storm = chips.getByRole('link', { name: /^Storm Protection/ });
    await storm.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog\?category=storm-protection$/);
    await expect(storm).toHaveAttribute('aria-current', 'page');
    const shown = await page.locator('#articles > li:visible').count();
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(all);
    for (const tag of await page.locator('#articles > li:visible .tag').allInnerTexts()) expect(tag).toBe('Storm Protection');
    await expect(page.locator('#blog-filter-status')).toHaveText(`Showing ${shown} articles in Storm Protection.`);
    await expect(storm).toBeFocused();

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog\?category=material-comparisons$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?category=storm-protection$/);
    await expect(storm).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator('#articles > li:visible')).toHaveCount(all);
    await expect(chips.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
    // Never reloaded: the page's own state survived every step.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expectNoAxeViolations(page, '/blog');
  });

  test('a category page lists only its articles and is indexable', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog/category/storm-protection`);
    await expect(page.locator('h1')).toHaveText('Storm Protection guides');
    for (const tag of await page.locator('#articles > li .tag').allInnerTexts()) expect(tag).toBe('Storm Protection');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^index/);
  });
});

test.describe('site search', () => {
  test('loads nothing before intent, then a search for "hurricane" finds the hurricane guide, with no CSP error', async ({
    page,
  }) => {
    const pagefind: string[] = [];
    const cspErrors: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/pagefind/')) pagefind.push(r.url());
    });
    page.on('console', (m) => {
      if (/Content Security Policy|wasm/i.test(m.text())) cspErrors.push(m.text());
    });
    await page.goto(`${baseUrl()}/blog`);
    await page.waitForLoadState('load');
    expect(pagefind).toEqual([]);
    const box = page.getByRole('searchbox', { name: 'Search the guides and the site' });
    await box.focus();
    await box.pressSequentially('hurricane');
    const results = page.locator('.site-search-results');
    await expect(results.locator(`a[href="${ARTICLE}"]`)).toBeVisible({ timeout: FIRST_SEARCH_MS });
    await expect(page.locator('.site-search-status')).toHaveText(/pages? match/);
    expect(cspErrors).toEqual([]);
    await expectNoAxeViolations(page, '/blog with search results');
  });

  test('without JavaScript the box leads to the site map with the results, and "Show 8 more" lists more', async ({
    browser,
    page: withScripts,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/roofing-expertise-center`);
    await page.getByRole('searchbox').fill('gutters');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/sitemap\?q=gutters$/);
    await expect(page).toHaveTitle(/^Search results for “gutters”: /);
    await expect(page.locator('h1')).toBeVisible();
    const results = page.locator('.site-search-results > li');
    await expect(results).toHaveCount(8);
    await expect(results.first().locator('p mark').first()).toHaveText(/^gutter/i);
    await page.getByRole('link', { name: 'Show 8 more' }).click();
    await expect(page).toHaveURL(/\/sitemap\?q=gutters&shown=16#result-9$/);
    await expect(results).toHaveCount(16);
    await expect(page.locator('#result-9')).toBeInViewport();
    await context.close();
    // axe runs as a script: the same page, with JavaScript on.
    await withScripts.goto(`${baseUrl()}/sitemap?q=gutters&shown=16`);
    await expectNoAxeViolations(withScripts, '/sitemap?q=gutters');
  });

  test('searches for words filled in before the search code arrived', async ({ page }) => {
    // Hold the search code back, as a slow phone would, while the words are pasted in at once.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunks\/site-search-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/blog`);
    const box = page.getByRole('searchbox', { name: 'Search the guides and the site' });
    await box.focus();
    await box.fill('hurricane');
    release();
    await expect(page.locator(`.site-search-results a[href="${ARTICLE}"]`)).toBeVisible({ timeout: FIRST_SEARCH_MS });
  });

  test('a search that cannot load says so and offers the site map and the phone number', async ({ page }) => {
    await page.route(/\/pagefind\//, (route) => route.abort());
    await page.goto(`${baseUrl()}/blog`);
    const box = page.getByRole('searchbox', { name: 'Search the guides and the site' });
    await box.focus();
    await box.fill('hurricane');
    const status = page.locator('.site-search-status');
    await expect(status).toHaveText(/^Search is not available right now\. The site map lists every page, or call us at .+\.$/, {
      timeout: FIRST_SEARCH_MS,
    });
    await expect(status.getByRole('link')).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  });

  test('the 404 page carries the search box and it searches', async ({ page }) => {
    await page.goto(`${baseUrl()}/no-such-roof`);
    const box = page.getByRole('searchbox', { name: 'Search for the page you wanted' });
    await box.focus();
    await box.fill('gutter');
    await expect(page.locator('.site-search-results a').first()).toBeVisible({ timeout: FIRST_SEARCH_MS });
  });
});

test.describe('site search under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('works with the worker in control, which keeps no copy of the index', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const box = page.getByRole('searchbox', { name: 'Search the guides and the site' });
    await box.focus();
    await box.fill('hurricane');
    await expect(page.locator(`.site-search-results a[href="${ARTICLE}"]`)).toBeVisible({ timeout: FIRST_SEARCH_MS });
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
      }
      return paths;
    });
    // A stale index or script beside a newer one would break the search after a deploy.
    expect(cached.filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
  });
});

test.describe('the blog on a phone @mobile', () => {
  test('a tapped chip filters in place and a contents link brings its heading into view below the header', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog`);
    // Until the entry has wired them, the chips are plain links to the category pages.
    await waitForEntry(page);
    await page
      .getByRole('navigation', { name: 'Blog topics' })
      .getByRole('link', { name: /^Emergency Repairs/ })
      .tap();
    await expect(page).toHaveURL(/\/blog\?category=emergency-repairs$/);
    for (const tag of await page.locator('#articles > li:visible .tag').allInnerTexts()) expect(tag).toBe('Emergency Repairs');

    await page.goto(`${baseUrl()}${ARTICLE}`);
    const link = page.getByRole('navigation', { name: 'In this guide' }).locator('a').nth(2);
    const id = (await link.getAttribute('href'))!.slice(1);
    await link.tap();
    const heading = page.locator(`[id="${id}"]`);
    await expect(heading).toBeInViewport();
    const headerBottom = await page.locator('#site-header').evaluate((h) => h.getBoundingClientRect().bottom);
    await expect.poll(() => heading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
  });
});

test.describe('contact on a phone @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the call button and the start of the consultation form are on the first screen', async ({ page }) => {
    await page.goto(`${baseUrl()}/contact`);
    await expect(page.locator('.contact-quick a[href^="tel:"]')).toBeInViewport({ ratio: 1 });
    const first = page.locator('#consultation-form').getByLabel('Your name');
    await expect(first).toBeInViewport({ ratio: 1 });
    // Not under the bottom bar either.
    const bar = await page.locator('.mobile-bar').boundingBox();
    expect((await first.boundingBox())!.y + (await first.boundingBox())!.height).toBeLessThanOrEqual(bar!.y);
  });
});

test.describe('narrow phones', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no public page is wider than a 360px viewport', async ({ page }) => {
    test.setTimeout(300_000);
    const wide: string[] = [];
    // Public: every route outside the admin area, indexed or not, and the 404 page.
    const paths = [
      ...builtRoutes()
        .filter((r) => !r.path.startsWith('/admin'))
        .map((r) => r.path),
      '/no-such-page',
    ];
    for (const path of paths) {
      await page.goto(`${baseUrl()}${path}`);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      if (scroll > client) wide.push(`${path}: ${scroll}px`);
    }
    expect(wide).toEqual([]);
  });
});

test.describe('site search on a 390 × 844 phone @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the box is on the first screen under the h1, and "Show 8 more" lists the next results', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog`);
    const box = page.getByRole('searchbox', { name: 'Search the guides and the site' });
    const top = await page.locator('#site-header').evaluate((h) => h.getBoundingClientRect().bottom);
    // The phone's call bar covers the bottom of the screen.
    const bottom = await page.locator('.mobile-bar').evaluate((b) => b.getBoundingClientRect().top);
    const h1 = await page.locator('h1').boundingBox();
    const input = await box.boundingBox();
    expect(h1!.y).toBeGreaterThanOrEqual(top);
    expect(input!.y).toBeGreaterThan(h1!.y + h1!.height);
    expect(input!.y + input!.height).toBeLessThanOrEqual(bottom);

    await box.focus();
    await box.fill('gaf');
    const results = page.locator('.site-search-results > li');
    await expect(results).toHaveCount(8, { timeout: FIRST_SEARCH_MS });
    await expect(page.locator('.site-search-status')).toHaveText(
      /^\d+ pages match “gaf”, as \d+ results with similar pages together\. The best 8 are listed\.$/,
    );
    // An article and its "who wins" twin are one result.
    await expect(results.locator('summary', { hasText: /^and \d+ similar pages?$/ }).first()).toBeVisible();
    const more = page.getByRole('button', { name: 'Show 8 more' });
    await more.tap();
    await expect(results).toHaveCount(16);
    await expect(results.nth(8).locator('a').first()).toBeFocused();
    await expect(page.locator('.site-search-status')).toHaveText(/The best 16 are listed\.$/);
  });
});
