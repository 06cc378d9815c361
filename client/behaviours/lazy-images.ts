/** Images load when within 50px of the viewport. */
export const IMAGE_MARGIN = '50px';
export const IMAGE_UNAVAILABLE_SRC = '/image-unavailable.svg';

/** Writes the real sources of a lazy <picture> (see components/Picture.tsx). */
function reveal(picture: HTMLElement): void {
  const img = picture.querySelector('img');
  if (!img) return;
  const { avif, webp, sizes } = picture.dataset;
  for (const [type, srcset] of [
    ['image/avif', avif],
    ['image/webp', webp],
  ] as const) {
    if (!srcset) continue;
    const source = document.createElement('source');
    source.type = type;
    source.srcset = srcset;
    if (sizes) source.sizes = sizes;
    picture.insertBefore(source, img);
  }
  img.addEventListener('load', () => img.classList.remove('pic-blur'), { once: true });
  img.src = img.dataset.src ?? img.src;
  delete picture.dataset.lazy;
}

/** A failed image shows the 'Image unavailable' placeholder. */
function showUnavailable(img: HTMLImageElement): void {
  if (img.dataset.failed) return;
  img.dataset.failed = '';
  img
    .closest('picture')
    ?.querySelectorAll('source')
    .forEach((s) => s.remove());
  img.classList.remove('pic-blur');
  img.removeAttribute('srcset');
  img.src = IMAGE_UNAVAILABLE_SRC;
  img.alt = img.alt ? `Image unavailable: ${img.alt}` : 'Image unavailable';
}

export function lazyImages(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) showUnavailable(event.target);
    },
    true,
  );
  for (const img of document.images) {
    if (img.complete && img.naturalWidth === 0 && img.src && !img.src.startsWith('data:')) showUnavailable(img);
  }
  observeLazyImages(document);
}

let observer: IntersectionObserver | undefined;

/** Watches the lazy pictures under root; the gallery filter calls it for the cards it brings in. */
export function observeLazyImages(root: ParentNode): void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        reveal(entry.target as HTMLElement);
      }
    },
    { rootMargin: IMAGE_MARGIN },
  );
  root.querySelectorAll<HTMLElement>('picture[data-lazy]').forEach((p) => observer?.observe(p));
}
