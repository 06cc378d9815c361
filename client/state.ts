import { signal } from '@preact/signals-react';

/**
 * State shared between islands: separate React roots on one
 * page read and write these signals. Components that read them call
 * `useSignals()` from '@preact/signals-react/runtime' first.
 */

/** The appointment popup, opened from the hero, the mobile Book Now and the footer. */
export const appointmentOpen = signal(false);

/** A short message shown over the page. */
export interface Toast {
  id: string;
  title: string;
  description?: string;
  open: boolean;
}

/** One toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const toasts = signal<Toast[]>([]);

let counter = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Shows a toast; the newest replaces older ones beyond the limit. */
export function toast(title: string, description?: string): string {
  const id = String(++counter);
  toasts.value = [{ id, title, description, open: true }, ...toasts.value].slice(0, TOAST_LIMIT);
  return id;
}

/** Closes a toast now and removes it from the list after the removal delay. */
export function dismissToast(id: string): void {
  toasts.value = toasts.value.map((t) => (t.id === id ? { ...t, open: false } : t));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      toasts.value = toasts.value.filter((t) => t.id !== id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}
