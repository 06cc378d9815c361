import { expect, test } from '@playwright/test';
import { LEGACY_STORAGE_KEYS, STORAGE_KEYS } from '../../client/storage-keys.ts';
import { baseUrl, expectNoAxeViolations, waitForHydrated } from './helpers.ts';

const SITE_KEYS = [...Object.values(STORAGE_KEYS), ...LEGACY_STORAGE_KEYS];

test.describe('with the service worker running', () => {
  test.use({ serviceWorkers: 'allow' });

  test('/clear-cache unregisters the worker, deletes its caches and the site’s keys, then says so politely', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.evaluate(
      ([keys]) => {
        for (const key of keys!) localStorage.setItem(key, 'x');
        localStorage.setItem('someone_elses_key', 'keep');
      },
      [SITE_KEYS],
    );
    expect(await page.evaluate(() => caches.keys())).not.toEqual([]);

    await page.goto(`${baseUrl()}/clear-cache`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const status = page.getByRole('status').filter({ hasText: /Done\.|Clearing|Nothing has been cleared/ });
    await waitForHydrated(page, 'ClearCache');
    await expect(page.locator('#clear-cache-status')).toHaveAttribute('data-done', '');
    await expect(status).toContainText('Done. Removed 1 background worker');
    await expect(page.locator('#clear-cache-status')).toHaveAttribute('role', 'status');

    const left = await page.evaluate(async (keys) => {
      return {
        caches: await caches.keys(),
        registrations: (await navigator.serviceWorker.getRegistrations()).length,
        keys: keys.filter((key) => localStorage.getItem(key) !== null),
        other: localStorage.getItem('someone_elses_key'),
      };
    }, SITE_KEYS);
    expect(left).toEqual({ caches: [], registrations: 0, keys: [], other: 'keep' });
    await expectNoAxeViolations(page);
  });
});

test('/clear-cache explains itself without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/clear-cache`);
    await expect(page.locator('#clear-cache-status')).toContainText('Nothing has been cleared: this page needs JavaScript');
    await expect(page.locator('#clear-cache-status')).toHaveAttribute('role', 'status');
  } finally {
    await context.close();
  }
});
