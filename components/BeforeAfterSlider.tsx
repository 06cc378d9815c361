import type { CSSProperties } from 'react';
import type { ProcessedImage } from './page-context.ts';
import { useSheet } from './page-sheets.ts';
import Picture from './Picture.tsx';

/** Slider range 0–100, starting at 50. */
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_DEFAULT = 50;

/** The range's spoken value; client/behaviours/before-after.ts writes the same as it moves. */
export const sliderValueText = (position: number) => `${position}% before, ${100 - position}% after`;

export interface BeforeAfterSliderProps {
  before: ProcessedImage;
  after: ProcessedImage;
  beforeAlt: string;
  afterAlt: string;
}

/**
 * The beforeAfter hero's comparison. A native range input
 * drives it, so pointer, touch and keyboard (arrows, Home, End, Page keys) all
 * work; client/behaviours/before-after.ts moves the divider, no React needed.
 */
export default function BeforeAfterSlider({ before, after, beforeAlt, afterAlt }: BeforeAfterSliderProps) {
  useSheet('home');
  const sizes = '(min-width: 768px) 45vw, 100vw';
  return (
    <figure className="compare" data-behaviour="before-after" style={{ '--pos': `${SLIDER_DEFAULT}%` } as CSSProperties}>
      <div className="compare-frame">
        <Picture image={after} alt={afterAlt} sizes={sizes} nativeLazy className="compare-after" />
        <div className="compare-before">
          <Picture image={before} alt={beforeAlt} sizes={sizes} nativeLazy />
        </div>
        <span className="compare-divider" aria-hidden="true" />
        <span className="compare-label compare-label-before" aria-hidden="true">
          Before
        </span>
        <span className="compare-label compare-label-after" aria-hidden="true">
          After
        </span>
        <input
          className="compare-range"
          type="range"
          min={SLIDER_MIN}
          max={SLIDER_MAX}
          step={1}
          defaultValue={SLIDER_DEFAULT}
          aria-label="Before and after: how much of the old roof to show"
          aria-valuetext={sliderValueText(SLIDER_DEFAULT)}
        />
      </div>
      <figcaption>Drag the handle, or use the arrow keys, to compare the roof before and after (illustrations).</figcaption>
    </figure>
  );
}
