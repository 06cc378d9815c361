/**
 * The error log with JavaScript: "Copy for your developer" puts a group's full detail on the
 * clipboard. Without JavaScript the button stays hidden and the text can be selected.
 */
export function enhanceCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    if (!navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      const text = document.getElementById(button.dataset.copy ?? '')?.textContent ?? '';
      void navigator.clipboard.writeText(text).then(
        () => (button.textContent = 'Copied: paste it into an email to your developer'),
        () => (button.textContent = 'Could not copy: select the text above instead'),
      );
    });
  }
}
