import { ensureSheets } from '../deferred-sheets.ts';
import { observeLazyImages } from './lazy-images.ts';

/**
 * The gallery's filter and lightbox load as their own chunks, only on pages
 * that have them, so the entry stays small; the lightbox's sheet comes with it.
 */
export function watchGallery(): void {
  if (document.querySelector('[data-gallery-filters]')) {
    import('./gallery-filter.ts').then((m) => m.startGalleryFilter(observeLazyImages)).catch(() => {});
  }
  const lightboxLink = (event: Event) =>
    event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-lightbox]') : null;
  const warm = (event: Event) => {
    if (!lightboxLink(event)) return;
    import('./lightbox.ts').catch(() => {});
    void ensureSheets('overlays');
  };
  document.addEventListener('pointerover', warm, { passive: true });
  document.addEventListener('focusin', warm);
  document.addEventListener('click', (event) => {
    const link = lightboxLink(event);
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    Promise.all([import('./lightbox.ts'), ensureSheets('overlays')])
      .then(([m]) => m.openLightbox(link))
      .catch(() => location.assign(link.href));
  });
}
