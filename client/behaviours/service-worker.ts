/** The worker checks for an update every 3600 s. */
export const SW_UPDATE_INTERVAL_MS = 3600 * 1000;

/** Registers /sw.js; a failed registration is ignored. */
export async function registerServiceWorker(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.register('/sw.js');
    setInterval(() => {
      registration.update().catch(() => {});
    }, SW_UPDATE_INTERVAL_MS);
  } catch {
    // Ignored by design: the site works without the worker.
  }
}
