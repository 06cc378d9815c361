/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import type { RouteHandlerCallback } from 'workbox-core/types.js';
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { setCacheNameDetails, type WorkboxPlugin } from 'workbox-core';
import { CLEAR_CACHE_URL } from '../lib/urls.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Every cache name carries v4; caches without it are deleted. */
const CACHE_VERSION = 'v4';
setCacheNameDetails({ prefix: 'roof', suffix: CACHE_VERSION, precache: 'precache', runtime: 'runtime' });
const PAGES = `roof-pages-${CACHE_VERSION}`;
const ASSETS = `roof-assets-${CACHE_VERSION}`;
const OFFLINE_URL = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !name.includes(CACHE_VERSION)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/** APIs and the admin area are never cached. */
const neverCached = (url: URL) =>
  url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname === '/admin' || url.pathname.startsWith('/admin/');

/**
 * Only complete same-origin pages are kept. Workbox would also keep status-0
 * answers (the opaque redirects of /page/ → /page) and ignores Cache-Control;
 * a page the server marks no-store must not outlive the visit either.
 */
const onlyCompletePages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && response.type === 'basic' && !/no-store/i.test(response.headers.get('cache-control') ?? '')
      ? response
      : null,
};

/**
 * Whether a request is the clear-cache page or one it makes. That page deletes every cache while the worker
 * still answers its requests: a script, font or picture it loads afterwards would open a cache again, and
 * so would the bookkeeping of a cached answer. The referrer cannot tell, since a script a script imports
 * names that script; the client that made the request can.
 */
async function forClearCachePage(event: ExtendableEvent | undefined, url: URL): Promise<boolean> {
  if (url.pathname === CLEAR_CACHE_URL) return true;
  const clientId = event instanceof FetchEvent ? event.clientId : '';
  if (clientId === '') return false;
  const client = await self.clients.get(clientId);
  return client !== undefined && new URL(client.url).pathname === CLEAR_CACHE_URL;
}

/** The strategy, except for the clear-cache page, whose requests go to the network and are never stored. */
function unlessClearing(strategy: Strategy): RouteHandlerCallback {
  return async (options) =>
    (await forClearCachePage(options.event, options.url)) ? fetch(options.request) : strategy.handle(options);
}

// APIs and the admin area always go to the network and are never stored; an admin page
// opened offline still gets the offline page from the catch handler below.
registerRoute(({ url }) => url.origin === self.location.origin && neverCached(url), new NetworkOnly());

// Pages: network first, so visitors see fresh prices and notices; the cache is the fallback.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  unlessClearing(
    new NetworkFirst({
      cacheName: PAGES,
      networkTimeoutSeconds: 4,
      plugins: [onlyCompletePages, new ExpirationPlugin({ maxEntries: 50 })],
    }),
  ),
);

// Hashed assets never change under the same name: cache first.
registerRoute(
  ({ url }) => url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/img/')),
  unlessClearing(new CacheFirst({ cacheName: ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 200 })] })),
);

// A page that is neither online nor cached gets the offline page with the phone number.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const offline = await matchPrecache(OFFLINE_URL);
    if (offline) return offline;
  }
  return Response.error();
});
