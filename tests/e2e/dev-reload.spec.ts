import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeDevReload } from '../../build/assets.ts';
import { writeDevBuildId } from '../../build/build-site.ts';
import { FIXTURE_FILES, makeTempDist } from '../dist-fixture.ts';
import { startTestServer, type TestServer } from '../server-process.ts';

// `npm run dev`'s reload, without the builder: a dist/ of a dev build, served by our server, re-read on SIGHUP
// as build/dev.ts asks after a build. The page script's wait for the next build must end in a reload.
let site: Awaited<ReturnType<typeof makeTempDist>>;
let server: TestServer;
const page = (heading: string) =>
  `<!doctype html><html lang="en"><title>Dev</title><h1>${heading}</h1><script type="module" src="/dev-reload.js"></script></html>`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await makeTempDist({ ...FIXTURE_FILES, 'index.html': page('Before the edit') });
  // Dev builds are not precompressed: the page must be served as it is rewritten below.
  for (const ext of ['br', 'gz']) fs.rmSync(path.join(site.dir, `index.html.${ext}`));
  writeDevReload(site.dir);
  writeDevBuildId(site.dir);
  server = await startTestServer({ DIST_DIR: site.dir });
});

test.afterAll(async () => {
  await server?.stop();
  await site?.cleanup();
});

test('an open page reloads with the new build as soon as the server has read it', async ({ page: tab }) => {
  // The script's first ask is answered at once; its second waits for the next build.
  const waiting = tab.waitForRequest((r) => r.url().endsWith('/dev-build') && Boolean(r.headers()['if-none-match']));
  await tab.goto(server.url);
  await waiting;
  fs.writeFileSync(path.join(site.dir, 'index.html'), page('After the edit'));
  writeDevBuildId(site.dir);
  const reloaded = tab.waitForEvent('load');
  const sent = Date.now();
  server.signal('SIGHUP');
  await reloaded;
  await expect(tab.locator('h1')).toHaveText('After the edit');
  // A poll would answer within its interval too; the point is that nothing waits for one.
  expect(Date.now() - sent).toBeLessThan(3000);
});

test('seven open pages leave the browser connections free, and all of them reload', async ({ context }) => {
  const tabs = [];
  for (let i = 0; i < 7; i++) {
    const tab = await context.newPage();
    // Each page has learnt the build it shows before the edit.
    const learnt = tab.waitForResponse((r) => r.url().endsWith('/dev-build'));
    const started = Date.now();
    await tab.goto(server.url);
    await learnt;
    // Chromium opens at most six HTTP/1.1 connections to a host: with a wait held per page, the seventh queues for 20 s.
    expect(Date.now() - started, `page ${i + 1}`).toBeLessThan(3000);
    tabs.push(tab);
  }
  const reloaded = tabs.map((tab) => tab.waitForEvent('load'));
  fs.writeFileSync(path.join(site.dir, 'index.html'), page('After the edit of seven pages'));
  writeDevBuildId(site.dir);
  server.signal('SIGHUP');
  await Promise.all(reloaded);
  for (const tab of tabs) await expect(tab.locator('h1')).toHaveText('After the edit of seven pages');
});
