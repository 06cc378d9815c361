import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { dismissToast, toasts } from '../state.ts';

/**
 * The toast region, for short confirmations on any page: one toast at a time, announced
 * politely. The empty live region is in the server HTML, so screen readers are
 * already listening when a toast appears. Escape dismisses it (its own button
 * comes late in the Tab order), unless a dialog or menu is open to take the Escape.
 */
export default function Toaster() {
  useSignals();
  const visible = toasts.value.filter((t) => t.open);
  const shown = visible.at(-1)?.id;

  useEffect(() => {
    if (shown === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open], details[open]')) return;
      dismissToast(shown);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="true">
      {visible.map((t) => (
        <div className="toast" key={t.id} data-toast-id={t.id}>
          <p className="toast-title">{t.title}</p>
          {t.description ? <p className="toast-description">{t.description}</p> : null}
          <button type="button" className="toast-close" onClick={() => dismissToast(t.id)} aria-label="Dismiss notification">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
