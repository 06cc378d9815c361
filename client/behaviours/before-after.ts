/**
 * The before/after slider (components/BeforeAfterSlider.tsx): the range input's
 * value moves the divider through the `--pos` custom property and is spoken as
 * "N% before, M% after". A value moved before this script ran is picked up.
 */
export function enhanceBeforeAfter(): void {
  for (const figure of document.querySelectorAll<HTMLElement>('[data-behaviour="before-after"]')) {
    const input = figure.querySelector<HTMLInputElement>('input[type="range"]');
    if (!input) continue;
    const update = () => {
      const position = Number(input.value);
      figure.style.setProperty('--pos', `${position}%`);
      input.setAttribute('aria-valuetext', `${position}% before, ${100 - position}% after`);
    };
    input.addEventListener('input', update);
    update();
    figure.dataset.enhanced = '';
  }
}
