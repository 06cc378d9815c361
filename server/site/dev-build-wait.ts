import { Hono } from 'hono';
import { DEV_BUILD_FILE, DEV_BUILD_WAIT_PATH } from '../../lib/server-data.ts';
import type { SiteFiles } from './site-files.ts';

/** How long a dev page's wait for the next build is held before it is answered "no change" (304) and asked again. */
export const DEV_BUILD_WAIT_MS = 20_000;

/**
 * `npm run dev` only: nothing answers here unless the build is a dev build, which writes
 * dev-build.json. The open page asks with the ETag of the build it shows; while that is still
 * the build served, the answer waits for the next one (or the time-out, the page leaving, or
 * the server shutting down), so a saved edit reloads the page as soon as the server has read
 * it, not at a poll's next turn.
 */
export function devBuildWait({ files, closing }: { files: SiteFiles; closing?: AbortSignal }): Hono {
  const app = new Hono();
  app.get(DEV_BUILD_WAIT_PATH, async (c, next) => {
    const ask = () => files.lookup('GET', `/${DEV_BUILD_FILE}`, null, c.req.header('if-none-match'));
    let hit = ask();
    if (hit?.status === 304) {
      // Whichever comes first ends the wait; `done` then takes every listener and the timer off again.
      const done = new AbortController();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, DEV_BUILD_WAIT_MS);
        done.signal.addEventListener('abort', () => clearTimeout(timer));
        void files.changed(done.signal).then(() => resolve());
        for (const signal of [c.req.raw.signal, closing]) {
          if (signal?.aborted) resolve();
          signal?.addEventListener('abort', () => resolve(), { signal: done.signal });
        }
      });
      done.abort();
      hit = ask();
    }
    if (hit === undefined) return next();
    return new Response(hit.body, { status: hit.status, headers: { ...hit.headers, 'cache-control': 'no-store' } });
  });
  return app;
}
