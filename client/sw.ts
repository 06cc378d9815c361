/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { setCacheNameDetails } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** DECISIONS.md "Service worker": every cache name carries v4; caches without it are deleted. */
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

const neverCached = (url: URL) =>
  url.pathname.startsWith('/api/') || url.pathname === '/admin' || url.pathname.startsWith('/admin/');

// Pages: network first, so visitors see fresh prices and notices; the cache is the fallback.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !neverCached(url),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 50 })],
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
