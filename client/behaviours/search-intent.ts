/**
 * The search code and the index load on intent only (the
 * box gains focus or a key is pressed in it), so no page's first-load script grows
 * by more than this listener. A search sent before the code arrived runs once it has.
 */
export function watchSearch(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-site-search]')) {
    let started: Promise<void> | undefined;
    const start = () => {
      started ??= import('./site-search.ts').then((m) => m.startSearch(form));
      return started;
    };
    form.addEventListener('focusin', () => void start().catch(() => {}), { once: true });
    form.addEventListener('keydown', () => void start().catch(() => {}), { once: true });
    // The entry loads after the first paint (lib/entry-loader.ts): a visitor may already be in the box.
    const input = form.querySelector<HTMLInputElement>('input[type="search"]');
    if (form.contains(document.activeElement) || input?.value) void start().catch(() => {});
    const early = (event: SubmitEvent) => {
      form.removeEventListener('submit', early);
      if (form.dataset.searchReady !== undefined) return;
      event.preventDefault();
      // Without the search code the form does what it does without JavaScript.
      start()
        .then(() => form.requestSubmit())
        .catch(() => form.submit());
    };
    form.addEventListener('submit', early);
  }
}
