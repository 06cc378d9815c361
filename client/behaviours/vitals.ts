import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';

/** The first-party endpoint that stores measurements for the admin's p75. */
export const VITALS_ENDPOINT = '/api/vitals';

/** One analytics event per report. */
export interface VitalsEvent {
  event: MetricType['name'];
  event_category: 'Web Vitals';
  /** The metric id, so reports of one page load group together. */
  event_label: string;
  /** Rounded; CLS × 1000 so the score survives rounding to an integer. */
  value: number;
  non_interaction: true;
}

/** What the beacon carries per metric (server/api/vitals.ts validates it). */
export interface BeaconMetric {
  name: MetricType['name'];
  value: number;
  id: string;
  rating: MetricType['rating'];
  navigationType: MetricType['navigationType'];
}

/** The tag manager's queue; created here when the container has not loaded (yet). */
type WithDataLayer = Window & { dataLayer?: unknown[] };

/**
 * The data-layer event for one report. The value is the change since this
 * metric id was last reported (web-vitals' `delta`): CLS and INP report again
 * as they grow, and summing the events of one label gives the final value.
 */
export function vitalsEvent(metric: Pick<MetricType, 'name' | 'delta' | 'id'>): VitalsEvent {
  return {
    event: metric.name,
    event_category: 'Web Vitals',
    event_label: metric.id,
    value: Math.round(metric.name === 'CLS' ? metric.delta * 1000 : metric.delta),
    non_interaction: true,
  };
}

/**
 * Collects the five metrics: each report goes to `window.dataLayer` at once and
 * into a queue that is beaconed, batched, whenever the page is hidden (the last
 * moment a page is sure to run; web-vitals reports its final values just before).
 */
export function startVitals(): void {
  const queue = new Map<string, BeaconMetric>();

  const report = (metric: MetricType) => {
    ((window as WithDataLayer).dataLayer ??= []).push(vitalsEvent(metric));
    // Keyed by id: a metric reported twice before a flush is sent once, at its latest value.
    queue.set(`${metric.name}:${metric.id}`, {
      name: metric.name,
      value: metric.value,
      id: metric.id,
      rating: metric.rating,
      navigationType: metric.navigationType,
    });
  };

  const flush = () => {
    if (queue.size === 0) return;
    const body = JSON.stringify({ page: location.pathname, metrics: [...queue.values()] });
    queue.clear();
    try {
      if (navigator.sendBeacon?.(VITALS_ENDPOINT, body)) return;
    } catch {
      // Some browsers throw instead of returning false; fall through to fetch.
    }
    fetch(VITALS_ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => {});
  };

  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);

  // Registered after web-vitals' own listener (capture phase, on window), so its final reports are queued first.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Safari does not always fire visibilitychange when a page unloads.
  addEventListener('pagehide', flush);
}
