/**
 * Shows a refused save's reasons at their fields (the `[data-field-error]` slots the
 * admin forms render), marks those fields invalid, clears the others, and moves focus
 * to the first bad field. Shared by the settings forms and the workbench forms.
 */
export function showFieldErrors(form: HTMLFormElement, fields: Record<string, string> = {}): void {
  for (const el of form.querySelectorAll<HTMLElement>('[data-field-error]')) {
    const name = el.dataset.fieldError!;
    const message = fields[name];
    el.textContent = message ?? '';
    el.hidden = !message;
    el.closest('.field')?.classList.toggle('field-invalid', Boolean(message));
    const input = form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    if (message) input?.setAttribute('aria-invalid', 'true');
    else input?.removeAttribute('aria-invalid');
  }
  const first = Object.keys(fields)[0];
  if (first) form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}
