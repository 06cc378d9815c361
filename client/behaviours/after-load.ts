import { CLEAR_CACHE_URL, WEB_MANIFEST_URL } from '../../lib/urls.ts';
/**
 * Pages that must not register the service worker: /clear-cache removes it,
 * and registering it again there would undo the page's work at once.
 */
const WORKERLESS_PATHS = new Set([CLEAR_CACHE_URL]);

/**
 * Links the web app manifest, for installing the site. Not in the page's head: the browser
 * would fetch it while the page loads, and Lighthouse's simulation counts that request against
 * the largest paint (docs/decisions/077-no-request-before-the-largest-paint.md).
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_URL;
  document.head.append(link);
}

/**
 * Work that must not compete with the first paint: the web app manifest, and the service
 * worker and the web-vitals measurement, loaded together as one chunk, after window load.
 */
export function afterLoad(): void {
  const run = () => {
    linkManifest();
    const withWorker = 'serviceWorker' in navigator && !WORKERLESS_PATHS.has(location.pathname);
    // Measurement must never break the page: a failed chunk load is ignored.
    import('./worker-and-vitals.ts').then((m) => m.startWorkerAndVitals(withWorker)).catch(() => {});
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
