import { registerServiceWorker } from './service-worker.ts';
import { startVitals } from './vitals.ts';

/**
 * What runs after window load, as one chunk: each chunk a page fetches costs the phone a
 * fetch, a compile and an instantiation of its own (docs/decisions/073-entry-in-one-module.md).
 */
export function startWorkerAndVitals(withWorker: boolean): void {
  if (withWorker) void registerServiceWorker();
  startVitals();
}
