/**
 * The site notice's two jobs in the browser. It keeps the notice in view: once measured, the
 * notice is pinned to the top of the screen and the header sticks below it
 * (components/styles/notice.css). And it takes the notice away when its time is up,
 * also on a page loaded before then or kept by the service worker: the server stops
 * injecting it at expiry, but a page already delivered still carries it.
 */
// setTimeout takes at most 2^31-1 ms; a notice further away is checked again then.
const MAX_WAIT_MS = 2_147_483_647;
/** A notice taller than this share of the screen (a long text on a phone) stays at the top of the page, unpinned. */
const MAX_PINNED_SHARE = 0.3;

/**
 * On a page opened after the expiry the notice goes at once. On a page being read it is
 * hidden but keeps its space, so the text below does not jump (no layout shift); the
 * next page comes without it.
 */
function watch(notice: HTMLElement, opened: boolean): void {
  const left = Date.parse(notice.dataset.noticeExpires ?? '') - Date.now();
  if (!(left > 0)) {
    if (opened) notice.remove();
    else notice.classList.add('site-notice-ended');
    return;
  }
  setTimeout(() => watch(notice, false), Math.min(left, MAX_WAIT_MS));
}

/**
 * Pins the notice while it fits. At the top of the page the notice and the header are
 * already where pinning puts them, so nothing moves when this runs after the first paint.
 */
function pin(notice: HTMLElement): void {
  const root = document.documentElement;
  const measure = () => {
    if (!notice.isConnected) return root.removeAttribute('data-notice-pinned');
    const height = notice.getBoundingClientRect().height;
    root.style.setProperty('--notice-h', `${height}px`);
    root.toggleAttribute('data-notice-pinned', height <= window.innerHeight * MAX_PINNED_SHARE);
  };
  measure();
  new ResizeObserver(measure).observe(notice);
  window.addEventListener('resize', measure, { passive: true });
}

for (const notice of document.querySelectorAll<HTMLElement>('[data-notice-expires]')) {
  watch(notice, true);
  if (notice.isConnected) pin(notice);
}
