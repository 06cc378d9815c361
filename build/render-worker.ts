/**
 * A second thread for the build's pages phase (issue 11: a 2-core machine renders
 * two pages at once). It imports the page modules while the main thread reads
 * content and bundles assets, then renders the routes it is sent with the same
 * context as the main thread and posts the HTML back; the main thread writes it.
 * The reviews come from the main thread (workerData), so Google is asked once.
 */
import { parentPort } from 'node:worker_threads';
import type { PageContextValue } from '../components/page-context.ts';
import type { ImageManifest } from './images.ts';
import type { Route } from './routes.ts';

/** What the main thread sends: the context once the assets are built, then routes to render. */
export type ToWorker =
  | { type: 'context'; siteUrl: string; assets: PageContextValue['assets']; images: [string, unknown][] }
  | { type: 'render'; route: Route };

/** What the worker posts: ready once its modules are loaded, then each page or the error that stopped it. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'page'; path: string; html: string; noIndex: boolean }
  | { type: 'error'; path: string; message: string };

export interface RenderWorkerData {
  /** The payload components/build-reviews.ts would load: the main thread's, so both threads render the same reviews. */
  buildReviews: unknown;
}

const port = parentPort!;
const [{ renderPage }, { getNavData }] = await Promise.all([import('./render.tsx'), import('./site-data.ts')]);
let context: Omit<PageContextValue, 'path'> | undefined;
port.on('message', async (message: ToWorker) => {
  if (message.type === 'context') {
    const { siteUrl, assets, images } = message;
    context = { siteUrl, assets, images: new Map(images) as ImageManifest, nav: getNavData() };
    return;
  }
  const { route } = message;
  try {
    if (!context) throw new Error('render worker: a route came before the context');
    const page = await renderPage(route.file, route.path, route.params, context);
    port.postMessage({
      type: 'page',
      path: route.path,
      html: page.html,
      noIndex: Boolean(page.meta.noIndex),
    } satisfies FromWorker);
  } catch (error) {
    port.postMessage({ type: 'error', path: route.path, message: (error as Error).stack ?? String(error) } satisfies FromWorker);
  }
});
port.postMessage({ type: 'ready' } satisfies FromWorker);
