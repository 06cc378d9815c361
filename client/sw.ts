/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
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

// The clear-cache page deletes these caches: nothing that page loads may go through them, or a request still
// in flight when it deletes them would open a cache again. First, so it wins over every route below.
registerRoute(
  ({ request }) => request.referrer !== '' && new URL(request.referrer).pathname === CLEAR_CACHE_URL,
  new NetworkOnly(),
);

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

// APIs and the admin area always go to the network and are never stored; an admin page
// opened offline still gets the offline page from the catch handler below.
registerRoute(({ url }) => url.origin === self.location.origin && neverCached(url), new NetworkOnly());

// Pages: network first, so visitors see fresh prices and notices; the cache is the fallback.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 4,
    plugins: [onlyCompletePages, new ExpirationPlugin({ maxEntries: 50 })],
  }),
);

// Hashed assets never change under the same name: cache first.
registerRoute(
  ({ url }) => url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/img/')),
  new CacheFirst({ cacheName: ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// A page that is neither online nor cached gets the offline page with the phone number.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const offline = await matchPrecache(OFFLINE_URL);
    if (offline) return offline;
  }
  return Response.error();
});
