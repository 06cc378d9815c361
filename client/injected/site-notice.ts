/**
 * Removes the site notice when its time is up (issue 9: it "disappears by itself"),
 * also on a page loaded before then or kept by the service worker: the server stops
 * injecting it at expiry, but a page already delivered still carries it.
 */
// setTimeout takes at most 2^31-1 ms; a notice further away is checked again then.
const MAX_WAIT_MS = 2_147_483_647;

function watch(notice: HTMLElement): void {
  const left = Date.parse(notice.dataset.noticeExpires ?? '') - Date.now();
  if (!(left > 0)) {
    notice.remove();
    return;
  }
  setTimeout(() => watch(notice), Math.min(left, MAX_WAIT_MS));
}

for (const notice of document.querySelectorAll<HTMLElement>('[data-notice-expires]')) watch(notice);
