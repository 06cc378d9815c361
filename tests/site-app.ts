/**
 * The app over a temporary dist/ holding `files` and a fresh embedded database, for
 * tests of the public routes through `app.request()`.
 */
import type { Hono } from 'hono';
import { createApp } from '../server/app.ts';
import { loadSiteFiles } from '../server/site/site-files.ts';
import { makeTempDist, testEnv } from './dist-fixture.ts';
import { openTestDb } from './test-db.ts';

export async function siteApp(files: Record<string, string | Uint8Array>): Promise<{ app: Hono; close(): Promise<void> }> {
  const dist = await makeTempDist(files);
  const db = await openTestDb(null, { migrate: true });
  const app = createApp({ env: testEnv({ DIST_DIR: dist.dir }), db, files: await loadSiteFiles(dist.dir) });
  return {
    app,
    async close() {
      await db.close();
      await dist.cleanup();
    },
  };
}
