/**
 * Takes the site notice away when its time is up,
 * also on a page loaded before then or kept by the service worker: the server stops
 * injecting it at expiry, but a page already delivered still carries it.
 */
// setTimeout takes at most 2^31-1 ms; a notice further away is checked again then.
const MAX_WAIT_MS = 2_147_483_647;

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

for (const notice of document.querySelectorAll<HTMLElement>('[data-notice-expires]')) watch(notice, true);
