/** The header shrinks after more than 12px of scroll. */
export const HEADER_SHRINK_PX = 12;

/** Header shrink and the scroll-progress bar, in one passive, frame-throttled listener. */
export function watchHeader(): void {
  const header = document.getElementById('site-header');
  if (!header) return;
  const bar = header.querySelector<HTMLElement>('.scroll-progress');
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    header.classList.toggle('is-shrunk', y > HEADER_SHRINK_PX);
    if (bar) {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      bar.style.transform = `scaleX(${max > 0 ? Math.min(1, y / max) : 0})`;
    }
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
}
