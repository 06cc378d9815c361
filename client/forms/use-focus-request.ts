import { useEffect, useRef, type RefObject } from 'react';

/** Focus target for the failure box with the phone number. */
export const FAILURE = '__failure';
/** Focus target for the "next free windows" offered after a full window. */
export const OFFERS = '__offers';

/**
 * Where focus goes after the next render (a field's name, FAILURE or OFFERS):
 * set it during an event, and focus moves once what it names is drawn.
 */
export function useFocusRequest(formRef: RefObject<HTMLFormElement | null>, failureRef: RefObject<HTMLDivElement | null>) {
  const focusRequest = useRef<string | null>(null);
  useEffect(() => {
    const target = focusRequest.current;
    if (!target) return;
    focusRequest.current = null;
    if (target === FAILURE) {
      // Centred, so the box, what was typed above it and the button below it are all in view.
      failureRef.current?.focus({ preventScroll: true });
      failureRef.current?.scrollIntoView({ block: 'center' });
    } else if (target === OFFERS) formRef.current?.querySelector<HTMLElement>('[data-offers]')?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[data-field="${target}"]:not([disabled])`)?.focus();
  });
  return focusRequest;
}
