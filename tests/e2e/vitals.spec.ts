import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDb } from '../../server/db/index.ts';
import { webVitalsP75 } from '../../server/db/web-vitals.ts';
import { startTestServer, type TestServer } from '../server-process.ts';

interface DataLayerEvent {
  event: string;
  event_category: string;
  event_label: string;
  value: number;
  non_interaction: boolean;
}

const VITAL_EVENTS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

// A server of its own with a database folder this test keeps, so the stored beacon can be read after it stops.
let server: TestServer;
let dataDir: string;

test.beforeAll(async () => {
  // The hook's own time limit: a server start on loaded cores may take most of the minute a test gets.
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-vitals-'));
  server = await startTestServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('web vitals reach the data layer as events and are beaconed to /api/vitals, where they are stored', async ({ page }) => {
  await page.goto(`${server.url}/services/roof-repairs`, { waitUntil: 'networkidle' });
  // web-vitals loads after window load, as its own chunk.
  await page.waitForFunction(() => {
    const layer = (window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? [];
    return layer.some((e) => e.event === 'FCP') && layer.some((e) => e.event === 'TTFB');
  });
  // A click ends LCP observation, so LCP is reported without leaving the page (and INP gets an interaction).
  await page.locator('h1').click();
  await page.waitForFunction(() =>
    ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).some((e) => e.event === 'LCP'),
  );

  const { events, fcp, ttfb } = await page.evaluate(() => ({
    events: ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as DataLayerEvent[],
    fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    ttfb: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart,
  }));
  const vitals = events.filter((e) => VITAL_EVENTS.includes(e.event));
  for (const e of vitals) {
    expect(e).toMatchObject({ event_category: 'Web Vitals', non_interaction: true });
    expect(e.event_label).toMatch(/^v\d+-\d+-\d+$/);
    expect(Number.isInteger(e.value)).toBe(true);
  }
  const event = (name: string) => vitals.find((e) => e.event === name)!;
  // The first report of a metric carries its whole value, rounded.
  expect(event('FCP').value).toBe(Math.round(fcp));
  expect(event('TTFB').value).toBe(Math.round(ttfb));
  expect(event('LCP').value).toBeGreaterThanOrEqual(event('FCP').value);
  // One label (metric id) per metric.
  expect(new Set(vitals.map((e) => e.event_label)).size).toBe(new Set(vitals.map((e) => e.event)).size);

  // Leaving the page hides it: web-vitals reports CLS (and INP), and the queue goes out in one beacon.
  // (Playwright does not report a beacon sent while a page unloads, so the database is the witness.)
  await page.goto(`${server.url}/about`, { waitUntil: 'networkidle' });

  // Graceful shutdown lets a beacon still in flight finish before the database closes.
  await server.stop();
  const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const stored = (await webVitalsP75(db)).filter((r) => r.page === '/services/roof-repairs');
    expect(stored.map((r) => r.metric)).toEqual(expect.arrayContaining(['CLS', 'FCP', 'LCP', 'TTFB']));
    for (const row of stored) expect(row.samples).toBe(1);
    const p75 = (metric: string) => stored.find((r) => r.metric === metric)!.p75;
    // What was beaconed is what the data layer got, unrounded.
    for (const metric of ['FCP', 'TTFB', 'LCP']) expect(Math.round(p75(metric))).toBe(event(metric).value);
    expect(p75('CLS')).toBeGreaterThanOrEqual(0);
  } finally {
    await db.close();
  }
});
