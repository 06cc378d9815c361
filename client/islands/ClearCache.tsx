import { useEffect, useState } from 'react';
import { LEGACY_STORAGE_KEYS, STORAGE_KEYS } from '../storage-keys.ts';

export interface ClearResult {
  workers: number;
  caches: number;
  keys: number;
}

/** Every key the site writes, and the legacy tracking keys an older version left behind. */
export const SITE_STORAGE_KEYS: readonly string[] = [...Object.values(STORAGE_KEYS), ...LEGACY_STORAGE_KEYS];

/**
 * Unregisters this origin's service workers, deletes every Cache Storage cache
 * (all of them are the worker's) and removes the site's storage keys. Each part
 * is skipped where the browser lacks it (no worker or caches outside https).
 */
export async function clearSiteData(): Promise<ClearResult> {
  let workers = 0;
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const results = await Promise.all(registrations.map((r) => r.unregister()));
    workers = results.filter(Boolean).length;
  }
  let caches = 0;
  if ('caches' in window) {
    const names = await window.caches.keys();
    const results = await Promise.all(names.map((name) => window.caches.delete(name)));
    caches = results.filter(Boolean).length;
  }
  let keys = 0;
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (const key of SITE_STORAGE_KEYS) {
      if (storage.getItem(key) === null) continue;
      storage.removeItem(key);
      keys += 1;
    }
  }
  return { workers, caches, keys };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the status line says once clearing has finished. */
export function doneMessage({ workers, caches, keys }: ClearResult): string {
  if (workers + caches + keys === 0) {
    return 'Done. This browser held nothing from this site, so there was nothing to remove. Pages load fresh from the network.';
  }
  return (
    `Done. Removed ${plural(workers, 'background worker', 'background workers')}, ` +
    `${plural(caches, 'offline cache', 'offline caches')} and ${plural(keys, 'saved setting', 'saved settings')}. ` +
    'Pages now load fresh from the network.'
  );
}

/** The server-rendered text, which is what a visitor without JavaScript reads. */
export const NO_SCRIPT_MESSAGE =
  'Nothing has been cleared: this page needs JavaScript to do it. Your browser can do the same: open its settings, ' +
  'find “Clear browsing data” (or this site’s settings) and remove the data of this site.';

/**
 * /clear-cache, for a visitor stuck on an old copy the service worker kept:
 * it clears as soon as it runs, then
 * says what it did in the polite live region that was already in the HTML, so
 * screen readers announce the change.
 */
export default function ClearCache() {
  const [message, setMessage] = useState(NO_SCRIPT_MESSAGE);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setMessage('Clearing this site’s stored data…');
    clearSiteData().then(
      (result) => {
        if (cancelled) return;
        setMessage(doneMessage(result));
        setDone(true);
      },
      () => {
        if (cancelled) return;
        setMessage(
          'Some of this site’s data could not be removed. Your browser’s settings can remove it: look for “Clear browsing data”.',
        );
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className="clear-cache">
      <p id="clear-cache-status" role="status" data-done={done ? '' : undefined}>
        {message}
      </p>
      {done ? (
        <p>
          <a className="btn btn-primary" href="/">
            Go to the home page
          </a>
        </p>
      ) : null}
    </div>
  );
}
