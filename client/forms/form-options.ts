import type { FormOptions } from '../../lib/form-props.ts';

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
