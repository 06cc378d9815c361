import { test } from '@playwright/test';
import { baseUrl, builtRoutes, expectNoAxeViolations } from './helpers.ts';

/** Every page passes axe (WCAG 2.2 AA) with zero violations; split in shards so both workers share the load. */
const SHARDS = 4;

for (let shard = 0; shard < SHARDS; shard++) {
  test(`axe finds no WCAG 2.2 AA violations on pages, part ${shard + 1} of ${SHARDS}`, async ({ page }) => {
    test.setTimeout(300_000);
    const routes = builtRoutes().filter((_, i) => i % SHARDS === shard);
    for (const route of routes) {
      await page.goto(`${baseUrl()}${route.path}`);
      await expectNoAxeViolations(page, route.path);
    }
    if (shard === 0) {
      await page.goto(`${baseUrl()}/no-such-page`);
      await expectNoAxeViolations(page, '404 page');
    }
  });
}
