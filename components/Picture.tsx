import type { ImageSource, ProcessedImage } from '../build/images.ts';

interface Props {
  image: ProcessedImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /** The page's LCP image: loaded eagerly with high priority (issue 2, item 7). */
  priority?: boolean;
  /**
   * Inside islands: the browser's own lazy loading, because the entry's lazy swap
   * rewrites the DOM and would not match the island's hydration.
   */
  nativeLazy?: boolean;
  className?: string;
}

const srcset = (sources: ImageSource[]) => sources.map((s) => `${s.url} ${s.width}w`).join(', ');

/** Middle-sized WebP for browsers that read neither srcset. */
function fallback(image: ProcessedImage): string {
  const fit = image.webp.filter((s) => s.width <= 1024);
  return (fit.at(-1) ?? image.webp[0]).url;
}

/**
 * A responsive picture (AVIF, WebP) with intrinsic size, so nothing shifts.
 * Below-the-fold images are lazy: the browser entry swaps in the real sources
 * when they come within 50px of the viewport (SPEC.md section 9), showing the
 * blurred placeholder until then; a <noscript> copy serves readers without JS.
 */
export default function Picture({ image, alt, sizes, priority = false, nativeLazy = false, className }: Props) {
  // A fixed ratio: a resized file can be a pixel off (1200×800 at 1024 wide is 1024×683), and
  // the browser would otherwise switch to the file's own ratio on load and shift the layout.
  const ratio = `${image.width} / ${image.height}`;
  const common = { alt, width: image.width, height: image.height, decoding: 'async' as const };
  const eager = (
    <picture className={className}>
      <source type="image/avif" srcSet={srcset(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(image.webp)} sizes={sizes} />
      <img
        {...common}
        src={fallback(image)}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        style={{ backgroundImage: `url(${image.placeholder})`, aspectRatio: ratio }}
        className="pic-img"
      />
    </picture>
  );
  if (priority || nativeLazy) return eager;
  // Sources are written by the browser entry when the image nears the viewport;
  // until then the img shows the blurred placeholder (a <source> without srcset is invalid HTML).
  return (
    <>
      <picture
        className={className}
        data-lazy=""
        data-avif={srcset(image.avif)}
        data-webp={srcset(image.webp)}
        data-sizes={sizes}
      >
        <img
          {...common}
          src={image.placeholder}
          data-src={fallback(image)}
          className="pic-img pic-blur"
          style={{ aspectRatio: ratio }}
        />
      </picture>
      <noscript>{eager}</noscript>
    </>
  );
}
