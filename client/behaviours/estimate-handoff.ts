import { hydrate } from '../islands-runtime.ts';

/**
 * A visitor sent by the roof cost estimator (/contact?estimate=…) sees at once
 * the estimate the consultation form will send, so that form wakes on arrival
 * instead of on first touch.
 */
export function wakeEstimateHandoff(): void {
  if (!new URLSearchParams(location.search).has('estimate')) return;
  const marker = document.querySelector<HTMLElement>('[data-island="ConsultationForm"]');
  if (marker) void hydrate(marker);
}
