import type { WindowId } from '../../lib/lead-schema.ts';

export interface WindowAvailability {
  capacity: number;
  remaining: number;
}

/** GET /api/leads/availability: what the booking form needs beyond its own markup. */
export interface FormOptions {
  ok: true;
  timeZone: string;
  today: string;
  firstDate: string;
  lastDate: string;
  services: string[];
  days: { date: string; windows: Record<WindowId, WindowAvailability> }[];
}

let pending: Promise<FormOptions | null> | null = null;

/** Loads the options once per page (both forms share it); a failure is retried on the next call. */
export function loadFormOptions(fresh = false): Promise<FormOptions | null> {
  if (fresh) pending = null;
  pending ??= fetch('/api/leads/availability', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<FormOptions>) : null))
    .catch(() => null)
    .then((options) => {
      if (!options) pending = null;
      return options;
    });
  return pending;
}
