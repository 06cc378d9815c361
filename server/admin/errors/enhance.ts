/**
 * The error log with JavaScript: "Copy for your developer" puts a group's full detail on the
 * clipboard. Without JavaScript the button stays hidden and the text can be selected.
 */
export function enhanceCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const source = document.getElementById(button.dataset.copy ?? '');
    if (!source) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      // Without clipboard access the text is selected instead, ready for the keyboard's copy.
      const selectIt = () => {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        button.textContent = 'Could not copy: the text above is selected, copy it from there';
      };
      if (!navigator.clipboard) return selectIt();
      void navigator.clipboard
        .writeText(source.textContent ?? '')
        .then(() => (button.textContent = 'Copied: paste it into an email to your developer'), selectIt);
    });
  }
}
