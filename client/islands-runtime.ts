/**
 * Hydration on demand, shared by the entry and by islands that need another
 * island live (a Book button hydrating the appointment dialog, a toast needing
 * the toaster). Loading React happens here, never in the entry itself.
 */
type Marker = HTMLElement;

const pending = new Map<Marker, Promise<void>>();

/** Hydrate one island marker once; later calls share the first promise. */
export function hydrate(marker: Marker): Promise<void> {
  let job = pending.get(marker);
  if (!job) {
    job = import('./hydrate.tsx').then((m) => m.hydrateIsland(marker));
    pending.set(marker, job);
  }
  return job;
}

/** Hydrate the first island of this name on the page; resolves false when the page has none. */
export async function ensureHydrated(name: string): Promise<boolean> {
  const marker = document.querySelector<Marker>(`[data-island="${name}"]`);
  if (!marker) return false;
  await hydrate(marker);
  return true;
}
