/**
 * `form_start` for the marketing agency's tags (docs/data-layer.md): once per lead form and
 * page, at the visitor's first input in it. No React, so it runs from the entry before any
 * form's island has loaded; a value typed before the entry arrived counts at the next one.
 */
const started = new WeakSet<HTMLFormElement>();

function onInput(event: Event): void {
  const form = (event.target as Element | null)?.closest?.<HTMLFormElement>('form.lead-form');
  if (!form || started.has(form)) return;
  started.add(form);
  const kind = form.elements.namedItem('kind');
  const w = window as Window & { dataLayer?: Record<string, unknown>[] };
  (w.dataLayer ??= []).push({
    event: 'form_start',
    form_id: form.id,
    lead_kind: kind instanceof HTMLInputElement ? kind.value : undefined,
  });
}

export function watchFormStarts(): void {
  document.addEventListener('input', onInput, { capture: true });
  document.addEventListener('change', onInput, { capture: true });
}
