import { expect, test, type Page } from '@playwright/test';
import { site } from '../../content/site.ts';
import { baseUrl } from './helpers.ts';

// playwright.config.ts blocks workers for every other spec; these are about the worker.
test.use({ serviceWorkers: 'allow' });

/** Waits until the worker registered after load controls the page (it claims clients on activate). */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Every cache name with the paths of the requests it holds. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((req) => new URL(req.url).pathname);
    }
    return out;
  });
}

test('after a first visit, a page that was never visited shows the offline page with the phone number when the network is cut', async ({
  page,
  context,
}) => {
  await page.goto(`${baseUrl()}/`);
  await waitForWorker(page);
  // Linked with the worker, after load, for installing the site.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest');
  await page.goto(`${baseUrl()}/about`);

  await context.setOffline(true);
  try {
    await page.goto(`${baseUrl()}/services/roof-repairs`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page can’t load right now');
    await expect(page.locator('main')).toContainText(site.phone);
    await expect(page).toHaveURL(`${baseUrl()}/services/roof-repairs`);

    // The admin area is never stored, so offline it gets the offline page too.
    await page.goto(`${baseUrl()}/admin`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page can’t load right now');

    // Pages seen before come from the cache (network first, cache as fallback).
    await page.goto(`${baseUrl()}/about`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page can’t load right now');
    await expect(page).toHaveTitle(/About/);
  } finally {
    await context.setOffline(false);
  }
});

test('on activation the worker deletes every cache whose name lacks v4, and names its own with v4', async ({ page }) => {
  // Runs at document start, long before the worker is registered after load and activates.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('legacy-caches-made')) return;
    sessionStorage.setItem('legacy-caches-made', '1');
    void Promise.all(
      ['roof-pages-v3', 'workbox-runtime-http://old/'].map((name) =>
        caches.open(name).then((cache) => cache.put('/legacy', new Response('stale'))),
      ),
    );
  });
  await page.goto(`${baseUrl()}/`);
  await waitForWorker(page);
  await expect
    .poll(async () => Object.keys(await cacheContents(page)).sort(), { timeout: 15_000 })
    .not.toContain('roof-pages-v3');
  const names = Object.keys(await cacheContents(page));
  expect(names).not.toContain('workbox-runtime-http://old/');
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('v4');
});

test('hashed assets are served cache first, and the Cache Storage never holds /api/ or /admin entries', async ({
  page,
  context,
}) => {
  await page.goto(`${baseUrl()}/`);
  await waitForWorker(page);
  const chunk = await page.evaluate(async () => {
    // A lazy chunk the page has not needed yet: fetched through the worker now.
    const entry = new URL(document.querySelector<HTMLScriptElement>('script[data-entry]')!.dataset.entry!, location.href).href;
    const source = await (await fetch(entry)).text();
    const match = /["'](?:\.\/)?(chunks\/[^"']+\.js)["']/.exec(source);
    return match ? new URL(match[1]!, entry).pathname : null;
  });
  expect(chunk).not.toBeNull();
  expect(await page.evaluate((url) => fetch(url).then((r) => r.status), chunk!)).toBe(200);

  await page.evaluate(() => fetch('/api/reviews').then((r) => r.text()));
  await page.evaluate(() =>
    fetch('/api/vitals', { method: 'POST', body: JSON.stringify({ page: '/', metrics: [] }) }).then((r) => r.status),
  );
  for (const path of ['/admin', '/admin/login', '/about']) await page.goto(`${baseUrl()}${path}`);

  // The worker answers first and writes its cache after: wait for the page visited to be stored.
  await expect.poll(async () => Object.values(await cacheContents(page)).flat()).toContain('/about');
  const contents = await cacheContents(page);
  const all = Object.values(contents).flat();
  expect(all.filter((p) => p === '/api' || p.startsWith('/api/') || p === '/admin' || p.startsWith('/admin/'))).toEqual([]);
  // The worker does cache: the chunk fetched is there too.
  const assetCache = Object.entries(contents).find(([name]) => name.includes('assets'));
  expect(assetCache?.[1]).toContain(chunk);

  await context.setOffline(true);
  try {
    expect(await page.evaluate((url) => fetch(url).then((r) => r.status), chunk!)).toBe(200);
  } finally {
    await context.setOffline(false);
  }
});
