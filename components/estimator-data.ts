import { FIGURES, type Figure, type FigureId } from '../content/figures.ts';
import { site } from '../content/site.ts';
import { SOURCES } from '../content/sources.ts';
import type { RoofMaterial, RoofPriceBook, SqFtPrice } from '../lib/roof-estimate.ts';

/**
 * The widest range the estimator shows, high over low. A published range wider
 * than this spans several grades of one material and tells a homeowner little,
 * so it is split by grade or left out (the page explains the drivers instead).
 */
export const MAX_RANGE_RATIO = 2.5;

/**
 * Which figure in content/figures.ts prices each material on /savannah-roof-cost.
 * `null`: no dated published figure narrow enough to budget by, so the estimator
 * says it does not price that material rather than inventing a number. The
 * all-materials ("not sure yet") figure and the decking figure stay in the page's
 * prose: both are wider than MAX_RANGE_RATIO once pitch is applied.
 */
const MATERIAL_FIGURES: Record<RoofMaterial, FigureId | null> = {
  architectural: 'asphalt-architectural-sqft-ecowatch-2023',
  'three-tab': 'asphalt-three-tab-sqft-localprobook-2024',
  metal: 'standing-seam-sqft-remodelingimage-2022',
  'concrete-tile': 'tile-roof-sqft-costowl-2022',
  flat: 'flat-roof-sqft-todayshomeowner-2023',
  any: null,
};

const DECKING_FIGURE: FigureId | null = null;

/** A per-square-foot range whose every source is dated, or null (a figure without a year is not used). */
function sqFtPrice(id: FigureId | null): SqFtPrice | null {
  if (!id) return null;
  const figure: Figure = FIGURES[id];
  if (figure.unit !== 'usd-per-sqft' || figure.high === null) {
    throw new Error(`content/figures.ts: "${id}" must be a per-square-foot range to price a roof`);
  }
  const dated = figure.sources.every((source) => 'date' in SOURCES[source] && Boolean(SOURCES[source].date));
  return dated ? { low: figure.low, high: figure.high, basis: figure.basis } : null;
}

/** The estimator's prices, read from the one figures file. */
export function roofPriceBook(): RoofPriceBook {
  const materials = Object.fromEntries(
    Object.entries(MATERIAL_FIGURES).map(([material, id]) => [material, sqFtPrice(id)]),
  ) as Record<RoofMaterial, SqFtPrice | null>;
  return { materials, decking: sqFtPrice(DECKING_FIGURE) };
}

/** The figures the estimator prints, so the page cites their sources under "Sources". */
export function roofEstimatorFigures(): FigureId[] {
  return [...Object.values(MATERIAL_FIGURES), DECKING_FIGURE].filter((id): id is FigureId => id !== null);
}

/** The term lengths the /financing estimator offers, and whether the owner has confirmed them. */
export function financingTerms(): { months: number[]; confirmed: boolean } {
  return { months: [...site.financingTerms.months], confirmed: site.financingTerms.confirmed };
}
