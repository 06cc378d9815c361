import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, dismissToast, toast, toasts } from './state.ts';

afterEach(() => {
  vi.useRealTimers();
  toasts.value = [];
});

describe('toasts', () => {
  it('keeps one toast at a time, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast('First');
    toast('Second', 'detail');
    expect(toasts.value).toHaveLength(1);
    expect(toasts.value[0]).toMatchObject({ title: 'Second', description: 'detail', open: true });
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast('Hello');
    dismissToast(id);
    expect(toasts.value[0].open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(toasts.value).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.value).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
