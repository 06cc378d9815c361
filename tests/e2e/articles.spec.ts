import { expect } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';
import { publishingTest } from './publishing-test.ts';

/**
 * From a phone, an office admin writes a storm update, previews the page the build
 * makes of it, and publishes it (the real build runs as its own process): it is on
 * /blog, in the sitemap, in the feed and found by the site search. Publishing swaps
 * the server's dist/, so this server serves a copy of its own.
 */
const test = publishingTest('articles');

test.use({ viewport: { width: 390, height: 844 } });

const TITLE = 'Tropical Storm Nadine: what to check on your roof';
const SLUG = 'tropical-storm-nadine-what-to-check-on-your-roof';

test('a storm update is written, previewed and published from a phone', async ({ page, server }) => {
  test.setTimeout(300_000);
  await page.goto(`${server.url}/admin/articles`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(`${server.url}/admin/articles`);
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  // Phone first: the buttons, the search and the start of the list on the first screen.
  const first = page.locator('.article-list > li').first();
  await expect(first).toBeInViewport();
  expect((await first.boundingBox())!.y).toBeLessThan(844);
  await expectNoAxeViolations(page, '/admin/articles');
  await page.screenshot({ path: test.info().outputPath('articles-390.png') });

  await page.getByRole('button', { name: 'New storm update' }).click();
  await page.waitForURL(/\/admin\/articles\?edit=[a-f0-9]{16}$/);
  const form = page.locator('form[data-admin-form="article"]');
  await expect(form.getByLabel('Category')).toHaveValue('Storm Protection');
  await form.getByLabel('Title').fill(TITLE);
  await form
    .getByLabel('Description for search results')
    .fill(
      'Tropical Storm Nadine brought gusts to Savannah overnight: what to check from the ground and when to call for a roof inspection.',
    );
  await form.getByLabel('Teaser').fill('Nadine brought gusts overnight: what to check from the ground, and when to call.');
  await form.getByLabel('Picture', { exact: true }).selectOption('storm-season.svg');
  await expect(form.locator('img[data-picture-preview]')).toHaveJSProperty('complete', true);
  expect(await form.locator('img[data-picture-preview]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );
  await form.getByLabel('What the picture shows').fill('A house under storm clouds');
  const text = form.getByLabel('Text', { exact: true });
  await text.fill(
    'Nadine passed south of Savannah overnight with gusts that lifted shingles in Midtown and on Wilmington Island. Limbs are down across the Southside.\n\nStay off the roof: look from the yard and take photos.',
  );
  // The toolbar puts Markdown at the cursor: a heading at the end.
  await text.press('ControlOrMeta+End');
  await form.getByRole('button', { name: 'Heading' }).click();
  await page.keyboard.type('When to call us');
  await expect(form.getByRole('status')).toHaveText(/^Saved at .*\.$/, { timeout: 15_000 });
  await expect(form.locator('[data-md-preview] h2')).toHaveText('When to call us');
  await expectNoAxeViolations(page, '/admin/articles editor');
  await page.screenshot({ path: test.info().outputPath('article-editor-390.png'), fullPage: true });

  await page.getByRole('button', { name: 'Preview the article' }).click();
  await page.waitForURL(`${server.url}/admin/articles/preview/blog/${SLUG}`, { timeout: 120_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('note')).toContainText('Preview of your draft');
  await page.goBack();

  const publish = page.getByRole('button', { name: 'Publish the article' });
  await publish.click();
  await expect(page.getByRole('button', { name: 'Publishing…' })).toBeDisabled();
  await expect(page.locator('form[data-admin-form="article-publish"] [role="status"]')).toHaveText(/^Published at /, {
    timeout: 180_000,
  });
  await expect(page.getByText(/On the site: your version, published .* by @e2e-owner\./)).toBeVisible();

  const get = async (p: string) => (await page.request.get(`${server.url}${p}`)).text();
  expect(await get('/blog')).toContain(`href="/blog/${SLUG}"`);
  expect(await get('/sitemap.xml')).toContain(`/blog/${SLUG}</loc>`);
  expect(await get('/feed.xml')).toContain(TITLE);
  await page.goto(`${server.url}/blog`);
  const box = page.getByRole('searchbox', { name: 'Search the guides and the site' });
  await box.focus();
  await box.pressSequentially('Nadine');
  await expect(page.locator(`.site-search-results a[href="/blog/${SLUG}"]`)).toBeVisible({ timeout: 20_000 });
});
