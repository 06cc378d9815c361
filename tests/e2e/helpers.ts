import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { isAdminPath } from '../../lib/admin-paths.ts';
import { isAdminOnlyPage, type ServerData } from '../../lib/server-data.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The built site under test: DIST_DIR when set (as the server reads it), else dist/. */
export const DIST = path.resolve(process.env.DIST_DIR ?? path.join(ROOT, 'dist'));

export interface BuiltRoute {
  path: string;
  noIndex: boolean;
}

/** The route list as the build wrote it (derived from pages/ by build/routes.ts). */
export function builtRoutes(): BuiltRoute[] {
  return JSON.parse(fs.readFileSync(path.join(DIST, '_routes.json'), 'utf8')) as BuiltRoute[];
}

/** The built pages the server has a part in, by role (dist/_server.json): `admin-leads` is `/admin/leads`. */
export function builtPagePaths(): ServerData['pages'] {
  return (JSON.parse(fs.readFileSync(path.join(DIST, '_server.json'), 'utf8')) as Pick<ServerData, 'pages'>).pages;
}

/** Pages only signed-in admins read: the admin area and the admin-only built pages (lib/server-data.ts). */
export function needsSignIn(urlPath: string): boolean {
  return isAdminPath(urlPath) || isAdminOnlyPage({ pages: builtPagePaths() }, urlPath);
}

export function builtRedirects(): { from: string; to: string }[] {
  return JSON.parse(fs.readFileSync(path.join(DIST, '_redirects.json'), 'utf8')) as { from: string; to: string }[];
}

export function baseUrl(): string {
  const url = process.env.BASE_URL;
  if (!url) throw new Error('BASE_URL is not set: the global setup starts the server');
  return url;
}

/** WCAG 2.2 AA, as axe tags it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with axe's WCAG 2.2 AA violations on the page, or only within the element `within` selects. */
export async function expectNoAxeViolations(page: Page, label = page.url(), within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (within ? builder.include(within) : builder).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Waits until an island marker reports it is hydrated. */
export async function waitForHydrated(page: Page, island: string): Promise<void> {
  await page.locator(`[data-island="${island}"][data-hydrated]`).first().waitFor({ state: 'attached' });
}

/** Waits until the browser entry, which loads after the first paint, has wired up the page. */
export async function waitForEntry(page: Page): Promise<void> {
  await page.locator('html[data-entry-ready]').waitFor({ state: 'attached' });
}

/** Waits until a behaviour (client/behaviours/, no React) has wired up its element. */
export async function waitForEnhanced(page: Page, behaviour: string): Promise<void> {
  await page.locator(`[data-behaviour="${behaviour}"][data-enhanced]`).first().waitFor({ state: 'attached' });
}

/**
 * Total layout shift of the page so far, from the browser's own layout-shift entries,
 * with what moved and when, so that a failure names its cause.
 */
export async function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; shifts: string[] }>((resolve) => {
        let total = 0;
        const shifts: string[] = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            if (e.hadRecentInput) continue;
            total += e.value;
            const nodes = (e.sources ?? []).map(({ node }) =>
              node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName),
            );
            shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${nodes.join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, shifts }), 500);
      }),
  );
}
