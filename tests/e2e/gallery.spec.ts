import { expect, test, type Page } from '@playwright/test';
import { baseUrl, expectNoAxeViolations, waitForEntry } from './helpers.ts';

/** The gallery: the filter with and without JavaScript, by keyboard, and the lightbox. */

const ALL = 6;
const MIDTOWN = '/gallery/location/midtown-savannah-roofing';
const METAL = '/gallery/service/metal-roofing';

const cards = (page: Page) => page.locator('#gallery-projects > li');
const filters = (page: Page) => page.locator('nav[aria-label="Filter projects"]');
const canonical = (page: Page) => page.locator('link[rel="canonical"]');

/** The filter's own chunk loads after the entry; until it has, a filter is a plain link (a full page load). */
async function waitForFilter(page: Page) {
  await waitForEntry(page);
  await page.locator('[data-gallery-filters][data-enhanced]').waitFor({ state: 'attached' });
}

/** Chooses a filter by keyboard: focus its link, press Enter. */
async function chooseFilter(page: Page, name: RegExp) {
  const link = filters(page).getByRole('link', { name });
  await link.focus();
  await page.keyboard.press('Enter');
  return link;
}

test.describe('gallery without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each filter is a link to its own indexable page with its own heading, title and canonical, listing only its projects', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/gallery`);
    await expect(cards(page)).toHaveCount(ALL);
    await expect(page.locator('main')).toContainText('illustrated example of typical work, not a photograph of a real job');
    const galleryTitle = await page.title();

    await filters(page)
      .getByRole('link', { name: /^Midtown Savannah/ })
      .click();
    await expect(page).toHaveURL(`${baseUrl()}${MIDTOWN}`);
    await expect(page.locator('h1')).toHaveText('Roofing in Midtown Savannah: illustrated examples');
    await expect(cards(page)).toHaveCount(2);
    for (const card of await cards(page).all()) await expect(card).toHaveAttribute('data-location', 'midtown-savannah-roofing');
    await expect(page).not.toHaveTitle(galleryTitle);
    await expect(canonical(page)).toHaveAttribute('href', new RegExp(`${MIDTOWN}$`));
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    await expect(filters(page).locator('a[aria-current="page"]')).toHaveText(/Midtown Savannah/);

    await filters(page)
      .getByRole('link', { name: /^All projects/ })
      .click();
    await expect(page).toHaveURL(`${baseUrl()}/gallery`);
    await expect(cards(page)).toHaveCount(ALL);
  });

  test('a picture link opens the picture itself', async ({ page, request }) => {
    await page.goto(`${baseUrl()}${METAL}`);
    const href = await page.locator('a[data-lightbox]').first().getAttribute('href');
    // An illustration is served as its optimised SVG (docs/decisions/032-illustrations-as-svg.md); a photograph would open its largest WebP.
    expect(href).toMatch(/^\/img\/pair-metal-before-[^/]+\.svg$/);
    const response = await request.get(`${baseUrl()}${href}`);
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

test.describe('gallery with JavaScript', () => {
  test('a filter chosen by keyboard works in place, keeps the URL, title and canonical in sync, and the back button undoes it', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/gallery`);
    await waitForFilter(page);
    // Set on this document: a full page load would lose it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

    const midtown = await chooseFilter(page, /^Midtown Savannah/);
    await expect(page).toHaveURL(`${baseUrl()}${MIDTOWN}`);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.locator('h1')).toHaveText('Roofing in Midtown Savannah: illustrated examples');
    await expect(page).toHaveTitle(/^Midtown Savannah Roofing Examples/);
    await expect(canonical(page)).toHaveAttribute('href', new RegExp(`${MIDTOWN}$`));
    await expect(page.locator('#gallery-status')).toHaveText('Showing 2 projects: Midtown Savannah.');
    await expect(midtown).toHaveAttribute('aria-current', 'page');
    await expect(midtown).toBeFocused();
    expect(await stayed()).toBe(true);

    await chooseFilter(page, /^Metal Roofing/);
    await expect(page).toHaveURL(`${baseUrl()}${METAL}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAttribute('data-service', 'metal-roofing');
    await expect(page.locator('h1')).toHaveText('Metal Roofing: illustrated examples');

    await page.goBack();
    await expect(page).toHaveURL(`${baseUrl()}${MIDTOWN}`);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.locator('h1')).toHaveText('Roofing in Midtown Savannah: illustrated examples');
    await page.goBack();
    await expect(page).toHaveURL(`${baseUrl()}/gallery`);
    await expect(cards(page)).toHaveCount(ALL);
    await expect(filters(page).locator('a[aria-current="page"]')).toHaveText(/All projects/);
    await page.goForward();
    await expect(page).toHaveURL(`${baseUrl()}${MIDTOWN}`);
    await expect(cards(page)).toHaveCount(2);
    expect(await stayed()).toBe(true);
  });

  test('from a filter page, All projects brings back every project in place, and their pictures load when scrolled to', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}${METAL}`);
    await waitForFilter(page);
    await expect(cards(page)).toHaveCount(1);
    await chooseFilter(page, /^All projects/);
    await expect(page).toHaveURL(`${baseUrl()}/gallery`);
    await expect(cards(page)).toHaveCount(ALL);
    await expect(page.locator('h1')).toHaveText('Gallery of Roofing Work');
    const last = cards(page).last().locator('picture img').first();
    await last.scrollIntoViewIfNeeded();
    await expect(last).not.toHaveAttribute('src', /^data:/);
  });
});

test.describe('gallery lightbox', () => {
  test('opens by keyboard, moves with the arrow keys, keeps focus inside and returns it on Escape', async ({ page }) => {
    await page.goto(`${baseUrl()}/gallery`);
    await waitForEntry(page);
    const opener = page.locator('a[data-lightbox]').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const firstTitle = await cards(page).first().locator('h2').innerText();
    await expect(dialog.getByRole('heading')).toHaveText(`${firstTitle}: before (illustration)`);
    await expect(dialog.locator('.lightbox-count')).toHaveText(`Picture 1 of ${ALL * 2}`);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('heading')).toHaveText(`${firstTitle}: after (illustration)`);
    await expect(dialog.locator('.lightbox-count')).toHaveText(`Picture 2 of ${ALL * 2}`);
    await expect(dialog.locator('img')).toHaveAttribute('src', /pair-[a-z]+-after-/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.locator('.lightbox-count')).toHaveText(`Picture ${ALL * 2} of ${ALL * 2}`);

    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL(`${baseUrl()}/gallery`);
  });

  test('moves only through the pictures of the projects shown after filtering', async ({ page }) => {
    await page.goto(`${baseUrl()}/gallery`);
    await waitForFilter(page);
    await chooseFilter(page, /^Metal Roofing/);
    await expect(cards(page)).toHaveCount(1);
    await page.locator('a[data-lightbox]').last().click();
    await expect(page.getByRole('dialog').locator('.lightbox-count')).toHaveText('Picture 2 of 2');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('animates only when the reader has not asked for reduced motion', async ({ page }) => {
    const animation = async () => {
      await page.goto(`${baseUrl()}/gallery`);
      await waitForEntry(page);
      await page.locator('a[data-lightbox]').first().click();
      return page.locator('dialog.lightbox').evaluate((d) => getComputedStyle(d).animationName);
    };
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await animation()).toBe('lightbox-in');
  });

  test('axe finds no violations on the gallery, a filter page and the open lightbox', async ({ page }) => {
    await page.goto(`${baseUrl()}/gallery`);
    await waitForEntry(page);
    await expectNoAxeViolations(page, '/gallery');
    await page.locator('a[data-lightbox]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // axe reads colours as painted: mid-fade, text is lighter than it will be.
    await page.locator('dialog.lightbox').evaluate((d) => Promise.all(d.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expectNoAxeViolations(page, '/gallery with the lightbox open');
    await page.goto(`${baseUrl()}${MIDTOWN}`);
    await waitForEntry(page);
    await expectNoAxeViolations(page, MIDTOWN);
  });
});

test.describe('gallery on a phone @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('filters in place and opens the lightbox with nothing wider than the screen', async ({ page }) => {
    await page.goto(`${baseUrl()}/gallery`);
    await waitForFilter(page);
    await filters(page)
      .getByRole('link', { name: /^Tybee Island/ })
      .tap();
    await expect(page).toHaveURL(`${baseUrl()}/gallery/location/tybee-island-roofing`);
    await expect(cards(page)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('a[data-lightbox]').first().tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Next' }).tap();
    await expect(dialog.locator('.lightbox-count')).toHaveText('Picture 2 of 2');
  });

  test('a card not rendered yet keeps at least its own height, so it never overlaps the block after the list', async ({
    page,
  }) => {
    // Overlapped, a contrast checker (axe, in Lighthouse too) reads that block's navy behind the card's text.
    await page.goto(`${baseUrl()}/gallery`);
    const heights = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#gallery-projects > li')].map((card) => {
        const kept = card.getBoundingClientRect().height;
        card.style.contentVisibility = 'visible';
        const rendered = card.getBoundingClientRect().height;
        card.style.contentVisibility = '';
        return { kept, rendered };
      }),
    );
    expect(heights).toHaveLength(ALL);
    for (const { kept, rendered } of heights) expect(kept).toBeGreaterThanOrEqual(rendered);
  });
});
