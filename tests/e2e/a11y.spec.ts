import { test } from '@playwright/test';
import { baseUrl, builtRoutes, expectNoAxeViolations } from './helpers.ts';

/** Every page passes axe (WCAG 2.2 AA) with zero violations; split in shards so both workers share the load. */
const SHARDS = 4;

/**
 * The pages whose whole document axe checks: the first of each kind (the first segment of its
 * path: `/blog/…`, `/services/…`) and every page alone of its kind. On the others it checks
 * `<main>` only: what surrounds it (header, footer, dialogs) is the same components in the same
 * state on every page of a kind, and checking it again cost a third of each page's time. (The
 * document's own rules, such as its title and language, then do not apply; routes.spec.ts checks
 * every page's title.)
 */
function wholeDocumentPaths(paths: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const whole = new Set<string>();
  for (const urlPath of paths) {
    const kind = urlPath.split('/')[1] ?? '';
    if (!seen.has(kind)) whole.add(urlPath);
    seen.add(kind);
  }
  return whole;
}

for (let shard = 0; shard < SHARDS; shard++) {
  test(`axe finds no WCAG 2.2 AA violations on pages, part ${shard + 1} of ${SHARDS}`, async ({ page }) => {
    test.setTimeout(300_000);
    const paths = builtRoutes().map((route) => route.path);
    const whole = wholeDocumentPaths(paths);
    for (const urlPath of paths.filter((_, i) => i % SHARDS === shard)) {
      await page.goto(`${baseUrl()}${urlPath}`);
      await expectNoAxeViolations(page, urlPath, whole.has(urlPath) ? undefined : 'main');
    }
    if (shard === 0) {
      await page.goto(`${baseUrl()}/no-such-page`);
      await expectNoAxeViolations(page, '404 page');
    }
  });
}
