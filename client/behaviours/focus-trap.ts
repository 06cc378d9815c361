/**
 * Keeps Tab inside `container` while it is open (the mobile menu, the gallery
 * lightbox): from the last of `selector`'s elements Tab goes to the first, and
 * Shift+Tab from the first goes to the last. Call it from the container's keydown.
 */
export function trapTab(container: HTMLElement, event: KeyboardEvent, selector: string): void {
  if (event.key !== 'Tab') return;
  const focusable = [...container.querySelectorAll<HTMLElement>(selector)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
