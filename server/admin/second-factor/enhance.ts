/**
 * The recovery codes' copy button: shown only where the page may write to the
 * clipboard (a secure context with the Clipboard API); it says what happened in
 * the status beside it. Without it the download link and the codes on screen remain.
 */

/** The words the status line shows after a copy. */
function copyStatus(copied: boolean): string {
  return copied ? 'Copied. Paste them into a note or a password manager.' : 'Could not copy: download them or write them down.';
}

export function enhanceRecoveryCodes(): void {
  if (!window.isSecureContext || !navigator.clipboard?.writeText) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy-codes]')) {
    const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]');
    button.hidden = false;
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(button.dataset.copyCodes ?? '').then(
        () => {
          if (status) status.textContent = copyStatus(true);
        },
        () => {
          if (status) status.textContent = copyStatus(false);
        },
      );
    });
  }
}
