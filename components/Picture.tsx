import type { ImageSource, ProcessedImage } from './page-context.ts';

interface Props {
  image: ProcessedImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /**
   * The page's LCP image: loaded eagerly with high priority. An
   * illustration is written into the HTML as a data URI, so it paints with the page's
   * one response instead of waiting for another request.
   */
  priority?: boolean;
  /**
   * With `priority`, whether an illustration goes into the HTML as a data URI (the default).
   * `false` fetches it as its own file, at high priority and without a blurred placeholder
   * (bytes the HTML cannot spare): for a page whose HTML would otherwise not fit the first
   * round trip (docs/decisions/017-first-paint-lantern.md).
   */
  inline?: boolean;
  /**
   * Inside islands: the browser's own lazy loading, because the entry's lazy swap
   * rewrites the DOM and would not match the island's hydration.
   */
  nativeLazy?: boolean;
  className?: string;
}

const srcset = (sources: ImageSource[]) => sources.map((s) => `${s.url} ${s.width}w`).join(', ');

/** Middle-sized WebP for browsers that read neither srcset; an illustration's one SVG. */
function fallback(image: ProcessedImage): string {
  if (image.svg) return image.svg;
  const fit = image.webp.filter((s) => s.width <= 1024);
  return (fit.at(-1) ?? image.webp[0]).url;
}

/** An SVG as a `data:` URL, escaping only what a URL or the attribute needs (smaller than base64, and gzips well). */
export function svgDataUri(markup: string): string {
  return `data:image/svg+xml,${markup.replace(/[%#<>"\n\r]/g, (c) => encodeURIComponent(c))}`;
}

/**
 * A responsive picture with intrinsic size, so nothing shifts: AVIF and WebP for a
 * photograph, the optimised SVG for an illustration.
 * Below-the-fold images are lazy: the browser entry swaps in the real sources
 * when they come within 50px of the viewport, showing the
 * blurred placeholder until then; a <noscript> copy serves readers without JS.
 */
export default function Picture({ image, alt, sizes, priority = false, inline = true, nativeLazy = false, className }: Props) {
  // A fixed ratio: a resized file can be a pixel off (1200×800 at 1024 wide is 1024×683), and
  // the browser would otherwise switch to the file's own ratio on load and shift the layout.
  const ratio = `${image.width} / ${image.height}`;
  const common = { alt, width: image.width, height: image.height, decoding: 'async' as const };
  const photo = image.avif.length > 0;
  const dataUri = priority && inline && image.inline !== undefined;
  const eagerSrc = dataUri ? svgDataUri(image.inline!) : fallback(image);
  const eager = (
    <picture className={className}>
      {photo ? <source type="image/avif" srcSet={srcset(image.avif)} sizes={sizes} /> : null}
      {photo ? <source type="image/webp" srcSet={srcset(image.webp)} sizes={sizes} /> : null}
      <img
        {...common}
        src={eagerSrc}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority && !dataUri ? 'high' : undefined}
        style={{ backgroundImage: dataUri || !inline ? undefined : `url(${image.placeholder})`, aspectRatio: ratio }}
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
        data-avif={photo ? srcset(image.avif) : undefined}
        data-webp={photo ? srcset(image.webp) : undefined}
        data-sizes={photo ? sizes : undefined}
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
