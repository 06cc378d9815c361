import { useImage } from './page-context.ts';
import Picture from './Picture.tsx';
import { useSheet } from './page-sheets.ts';

/**
 * A page's own illustration: near the top, so it loads at
 * once rather than lazily, with its intrinsic size reserved so nothing shifts.
 */
export default function PageFigure({ src, alt }: { src: string; alt: string }) {
  useSheet('inner');
  return (
    <figure className="page-figure">
      <Picture image={useImage(src)} alt={alt} sizes="(min-width: 60rem) 44rem, 100vw" priority />
    </figure>
  );
}
