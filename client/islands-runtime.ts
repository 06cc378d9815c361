/**
 * Hydration on demand, shared by the entry and by islands that need another
 * island live (a Book button hydrating the appointment dialog, a toast needing
 * the toaster). Loading React happens here, never in the entry itself.
 */
import type { DeferredSheet } from '../lib/entry-loader.ts';
import { ensureSheets } from './deferred-sheets.ts';

type Marker = HTMLElement & { dataset: { island?: string } };

/**
 * Islands that draw, once live, what a deferred sheet styles: the booking dialog and its form,
 * the toasts. Their sheets arrive before the island hydrates (client/deferred-sheets.ts).
 */
export const ISLAND_DEFERRED_SHEETS: Readonly<Record<string, readonly DeferredSheet[]>> = {
  AppointmentDialog: ['forms', 'overlays'],
  Toaster: ['overlays'],
};

const pending = new Map<Marker, Promise<void>>();

/**
 * Loads a lazy chunk. When it fails to arrive, a cancellable `preload-error` event
 * is raised on window, so a listener may take over (for example by reloading the
 * page); unless one prevents it, the error is rethrown.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const event = new CustomEvent('preload-error', { cancelable: true, detail: error });
    if (window.dispatchEvent(event)) throw error;
    // Prevented: a listener took over (for example by reloading the page).
    return new Promise<T>(() => {});
  }
}

/**
 * Hydrate one island marker once; later calls share the first promise. A failed
 * attempt (a chunk that did not arrive over a bad connection) is forgotten, so the
 * next intent tries again.
 */
export function hydrate(marker: Marker): Promise<void> {
  let job = pending.get(marker);
  if (!job) {
    const sheets = ensureSheets(...(ISLAND_DEFERRED_SHEETS[marker.dataset.island ?? ''] ?? []));
    job = loadChunk(() => import('./hydrate.tsx'))
      .then(async (m) => {
        await sheets;
        return m.hydrateIsland(marker, loadChunk);
      })
      .catch((error: unknown) => {
        pending.delete(marker);
        // Still rejected for the caller: an error nobody handles is reported by the error reporter.
        throw error;
      });
    pending.set(marker, job);
  }
  return job;
}

/**
 * `ensureHydrated`, as the entry hands it to lazy code: a chunk that imported this module would
 * get its own copy, blind to what the entry's copy is hydrating (build/assets.ts ENTRY_ONLY).
 */
export type EnsureHydrated = (name: string) => Promise<boolean>;

/** Hydrate the first island of this name on the page; resolves false when the page has none. */
export const ensureHydrated: EnsureHydrated = async (name) => {
  const marker = document.querySelector<Marker>(`[data-island="${name}"]`);
  if (!marker) return false;
  await hydrate(marker);
  return true;
};
