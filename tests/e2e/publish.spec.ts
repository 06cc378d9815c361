import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';
import type { AdminServer } from '../admin-server.ts';
import { publishingTest } from './publishing-test.ts';

/**
 * The owner changes the phone number from a phone, publishes (the real build runs as
 * its own process), and every page's tel: links and the JSON-LD carry the new number;
 * bringing the first version back returns the old one. Publishing swaps the server's
 * dist/, so this server serves a copy of its own.
 */
const test = publishingTest('publish');

test.use({ viewport: { width: 390, height: 844 } });

const PAGES = ['/', '/contact', '/services', '/gallery', '/financing'];

/** Every tel: link and every JSON-LD telephone of the pages, as a set. */
async function phonesOf(page: Page, server: AdminServer): Promise<string[]> {
  const found = new Set<string>();
  for (const p of PAGES) {
    const html = await (await page.request.get(`${server.url}${p}`)).text();
    for (const m of html.matchAll(/href="(tel:[^"]+)"/g)) found.add(m[1]!);
    for (const m of html.matchAll(/"telephone":"([^"]+)"/g)) found.add(`ld:${m[1]!}`);
  }
  return [...found].sort();
}

test('the owner changes the phone, publishes, and brings the first version back', async ({ page, server }) => {
  test.setTimeout(240_000);
  expect(await phonesOf(page, server)).toEqual(['ld:+19125550142', 'tel:+19125550142']);

  await page.goto(`${server.url}/admin/business`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(`${server.url}/admin/business`);
  await expect(page.getByRole('heading', { level: 1, name: 'Business details' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/business');
  await page.screenshot({ path: test.info().outputPath('business-390.png'), fullPage: false });

  const form = page.locator('form[data-admin-form="business"]');
  // The first screen shows where the site stands, the way to Publish and the form's first card.
  await expect(page.getByRole('link', { name: 'Publish', exact: true })).toBeInViewport();
  // Above the phone's tab bar, which covers the bottom of the screen.
  const first = (await form.getByLabel('Business name').boundingBox())!;
  expect(first.y + first.height).toBeLessThanOrEqual((await page.locator('.admin-tabs').boundingBox())!.y);
  await form.getByLabel('Phone', { exact: true }).fill('912-555-7788');
  for (const box of await form.getByLabel(/is true today$/).all()) await box.check();
  // The form saves itself as it is typed; the button saves at once.
  await form.getByRole('button', { name: 'Save the draft' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Saved at /);
  await page.reload();
  await expect(page.getByText(/Draft saved .* by @e2e-owner, not published yet\./)).toBeVisible();
  await expect(form.getByLabel('Phone', { exact: true })).toHaveValue('912-555-7788');

  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByText('Version 2', { exact: false })).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('#history')).toContainText('Phone: (912) 555-0142 → (912) 555-7788');
  expect(await phonesOf(page, server)).toEqual(['ld:+19125557788', 'tel:+19125557788']);

  await page.getByRole('button', { name: 'Bring back version 1' }).click();
  await expect(page.locator('#history')).toContainText('brought back from version 1', { timeout: 120_000 });
  expect(await phonesOf(page, server)).toEqual(['ld:+19125550142', 'tel:+19125550142']);
});
