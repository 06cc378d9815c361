/**
 * The desktop header's dropdowns, on the
 * <details> that components/DesktopNav.tsx writes: only one open at a time, and
 * all close on outside click, Escape (focus back on the toggle), choosing a link,
 * focus leaving them and navigation. Native <details> already opens and closes by click and keyboard.
 */
export function enhanceDesktopNav(): void {
  const nav = document.querySelector<HTMLElement>('[data-behaviour="desktop-nav"]');
  if (!nav) return;
  const menus = [...nav.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  const openMenu = () => menus.find((m) => m.open);
  const closeAll = () => menus.forEach((m) => (m.open = false));

  for (const menu of menus) {
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus) if (other !== menu) other.open = false;
    });
    menu.querySelector('.dropdown-panel')?.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) menu.open = false;
    });
    // Tabbing out of an open dropdown closes it, so it never covers the control that has focus (WCAG 2.4.11).
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget;
      if (menu.open && next instanceof Node && !menu.contains(next)) menu.open = false;
    });
  }
  document.addEventListener('pointerdown', (event) => {
    if (openMenu() && !nav.contains(event.target as Node)) closeAll();
  });
  document.addEventListener('keydown', (event) => {
    const open = openMenu();
    if (event.key !== 'Escape' || !open) return;
    open.open = false;
    open.querySelector<HTMLElement>('summary')?.focus();
  });
  window.addEventListener('hashchange', closeAll);
  window.addEventListener('pagehide', closeAll);
  // Browser tests wait for this, as they wait for data-hydrated on islands.
  nav.dataset.enhanced = '';
}
