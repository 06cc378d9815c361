import { CONSULTATION_URL } from '../../lib/urls.ts';
import { scrollToWithOffset } from '../scroll.ts';
import { trapTab } from './focus-trap.ts';

/**
 * The mobile menu on the <details> that
 * components/MobileMenu.tsx writes: while open, body scroll is locked and Tab
 * stays inside; Escape closes it and returns focus to the toggle; choosing a link
 * or navigating closes it. Contact chosen on the contact page scrolls to the form
 * with the contact offset.
 */
export function enhanceMobileMenu(): void {
  const found = document.querySelector<HTMLDetailsElement>('details[data-behaviour="mobile-menu"]');
  if (!found) return;
  const menu: HTMLDetailsElement = found;
  const summary = menu.querySelector<HTMLElement>('summary')!;
  // Unlocks at once rather than on the (asynchronous) toggle event, so a scroll right after works.
  const close = () => {
    menu.open = false;
    sync();
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      close();
      summary.focus();
      return;
    }
    trapTab(menu, event, 'summary, a[href], button:not([disabled])');
  };

  function sync() {
    document.body.classList.toggle('scroll-locked', menu.open);
    if (menu.open) document.addEventListener('keydown', onKey);
    else document.removeEventListener('keydown', onKey);
  }
  menu.addEventListener('toggle', sync);
  // Opened before this script ran: lock and trap now.
  sync();

  menu.querySelector('.mobile-panel')?.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
    if (!link) return;
    close();
    summary.focus({ preventScroll: true });
    if (link.getAttribute('href') === CONSULTATION_URL && location.pathname === '/contact') {
      event.preventDefault();
      scrollToWithOffset('consultation', 'contact');
    }
  });
  window.addEventListener('hashchange', close);
  window.addEventListener('pagehide', close);
  // Browser tests wait for this, as they wait for data-hydrated on islands.
  menu.dataset.enhanced = '';
}
