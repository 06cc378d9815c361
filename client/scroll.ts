/** Consultation scroll offset 150px on the contact page, 120px elsewhere. */
export const SCROLL_OFFSET = { contact: 150, default: 120 } as const;

/** Scroll so the element with `id` sits `offset` pixels below the top, and move focus to it. */
export function scrollToWithOffset(id: string, where: keyof typeof SCROLL_OFFSET = 'default'): void {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET[where];
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  history.replaceState(null, '', `#${id}`);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
