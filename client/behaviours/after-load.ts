import { CLEAR_CACHE_URL } from '../../lib/urls.ts';
/**
 * Pages that must not register the service worker: /clear-cache removes it,
 * and registering it again there would undo the page's work at once.
 */
const WORKERLESS_PATHS = new Set([CLEAR_CACHE_URL]);

/**
 * Work that must not compete with the first paint: the service worker and the
 * web-vitals measurement, loaded together as one chunk after window load.
 */
export function afterLoad(): void {
  const run = () => {
    const withWorker = 'serviceWorker' in navigator && !WORKERLESS_PATHS.has(location.pathname);
    // Measurement must never break the page: a failed chunk load is ignored.
    import('./worker-and-vitals.ts').then((m) => m.startWorkerAndVitals(withWorker)).catch(() => {});
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
