import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DIST, baseUrl, waitForEnhanced, waitForEntry } from './helpers.ts';

/** The first load, before any interaction, carries at most 25 KB of gzip JavaScript. */
const FIRST_LOAD_JS_BUDGET = 25 * 1024;
/** The first interaction paints within 200 ms under 4× CPU slowdown. */
const FIRST_INTERACTION_MS = 200;

function gzipBytes(urlPath: string): number {
  const file = path.join(DIST, urlPath);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

for (const pagePath of ['/', '/blog/atlas-vs-gaf', '/services/roof-repairs', '/contact', '/savannah-roof-cost', '/financing']) {
  test(`first load of ${pagePath} stays within the JavaScript budget`, async ({ page }) => {
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
    });
    await page.goto(`${baseUrl()}${pagePath}`, { waitUntil: 'networkidle' });
    // The entry is imported after the first paint, which can come after the network went idle.
    await waitForEntry(page);
    await page.waitForLoadState('networkidle');
    const total = [...scripts].reduce((n, s) => n + gzipBytes(s), 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, `${[...scripts].join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    expect(
      [...scripts].some((s) => s.includes('hydrate')),
      'React must not load before interaction',
    ).toBe(false);
  });
}

test.describe('interaction latency', () => {
  // A timing under 4x CPU throttling, on a 2-core machine where the other worker may be
  // running axe: a retry tells a busy machine from a slow page, which fails every time.
  test.describe.configure({ retries: 2 });

  test('the first interaction paints within 200 ms under 4x CPU slowdown', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => {
      const w = window as unknown as { __events: number[]; __firstInput: number[] };
      w.__events = [];
      w.__firstInput = [];
      // 'first-input' is recorded whatever its duration; 'event' entries only from 16 ms up.
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__firstInput.push(e.duration);
      }).observe({ type: 'first-input', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.name === 'click' || e.name === 'pointerup' || e.name === 'pointerdown') w.__events.push(e.duration);
        }
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    });
    const summary = page.locator('details[data-menu="services"] > summary');
    await summary.hover();
    await summary.click();
    await expect(page.locator('details[data-menu="services"]')).toHaveAttribute('open');
    await waitForEnhanced(page, 'desktop-nav');
    await page.waitForTimeout(300);
    const { firstInput, events } = await page.evaluate(() => {
      const w = window as unknown as { __events: number[]; __firstInput: number[] };
      return { firstInput: w.__firstInput, events: w.__events };
    });
    // A check that measured nothing proves nothing: the first input must have been seen.
    expect(firstInput, 'the browser reported no first input, so nothing was measured').toHaveLength(1);
    for (const d of [...firstInput, ...events]) expect(d).toBeLessThanOrEqual(FIRST_INTERACTION_MS);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});
