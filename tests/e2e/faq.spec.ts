import { expect, test } from '@playwright/test';
import { baseUrl, expectNoAxeViolations } from './helpers.ts';

/** The FAQ is an accordion of native <details>, so it works by keyboard and without JavaScript. */
test('the FAQ opens and closes its answers by keyboard, and each one is in the page without JavaScript', async ({ page }) => {
  await page.goto(`${baseUrl()}/faq`);
  const items = page.locator('.faq-list details');
  expect(await items.count()).toBeGreaterThan(3);
  const first = items.first();
  await expect(first).not.toHaveAttribute('open', '');
  await first.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('open', '');
  await expect(first.locator('summary + *')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(first).not.toHaveAttribute('open', '');
  await expectNoAxeViolations(page, '/faq');

  const html = await (await page.request.get(`${baseUrl()}/faq`)).text();
  expect(html.match(/<details>/g)?.length).toBe(await items.count());
});
