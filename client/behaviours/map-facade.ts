/** The maps locator's "Load the map" button (components/MapLocator.tsx) swaps the facade for the frame. */
export function enhanceMapFacade(): void {
  for (const locator of document.querySelectorAll<HTMLElement>('[data-behaviour="map-facade"]')) {
    const facade = locator.querySelector('.map-facade');
    facade?.querySelector('button')?.addEventListener('click', () => {
      const frame = document.createElement('iframe');
      frame.className = 'map-frame';
      frame.src = locator.dataset.src ?? '';
      frame.title = locator.dataset.title ?? 'Map';
      frame.loading = 'lazy';
      frame.referrerPolicy = 'no-referrer-when-downgrade';
      facade.replaceWith(frame);
      frame.focus();
    });
    locator.dataset.enhanced = '';
  }
}
