import { describe, expect, it } from 'vitest';
import { getEntry } from '../content/layer/content.ts';
import { figuresIn, FIGURES } from '../content/figures.ts';
import { listPlaceholders, site } from '../content/site.ts';
import {
  estimateRoofCost,
  LAYER_COUNTS,
  MAX_SIZE_SQFT,
  MIN_SIZE_SQFT,
  ROOF_MATERIALS,
  ROOF_PITCHES,
  SIZE_BASES,
  STORY_COUNTS,
} from '../lib/roof-estimate.ts';
import { financingTerms, MAX_RANGE_RATIO, roofEstimatorFigures, roofPriceBook } from './estimator-data.ts';

describe('the estimators read their numbers from the facts and figures files', () => {
  it('prices each material from its dated figure, and leaves the all-materials choice unpriced', () => {
    const { materials } = roofPriceBook();
    const figure = FIGURES['asphalt-architectural-sqft-ecowatch-2023'];
    expect(materials.architectural).toEqual({ low: figure.low, high: figure.high, basis: figure.basis });
    expect(materials['concrete-tile']?.basis).toBe(FIGURES['tile-roof-sqft-costowl-2022'].basis);
    expect(materials.metal?.basis).toBe(FIGURES['standing-seam-sqft-remodelingimage-2022'].basis);
    expect(materials.any).toBeNull();
    for (const price of Object.values(materials)) {
      if (price) expect(price.basis).toMatch(/\b(19|20)\d\d\b/);
    }
  });

  it(`never shows a range whose high end is more than ${MAX_RANGE_RATIO} times its low end, for any input`, () => {
    const prices = roofPriceBook();
    const sizes = [MIN_SIZE_SQFT, 250, 333, 500, 777, 1000, 1500, 2000, 3000, 5000, 9999, MAX_SIZE_SQFT];
    const wide: string[] = [];
    for (const material of ROOF_MATERIALS)
      for (const pitch of ROOF_PITCHES)
        for (const sizeBasis of SIZE_BASES)
          for (const stories of STORY_COUNTS)
            for (const sizeSqFt of sizes) {
              const input = {
                sizeBasis: sizeBasis.value,
                sizeSqFt,
                pitch: pitch.value,
                stories,
                material: material.value,
                layers: LAYER_COUNTS[0],
              };
              const { cost, decking } = estimateRoofCost(input, prices);
              for (const range of [cost, decking]) {
                if (range && range.high / range.low > MAX_RANGE_RATIO)
                  wide.push(`${JSON.stringify(input)}: ${range.low}–${range.high}`);
              }
            }
    expect(wide).toEqual([]);
    // The rule must have something to hold: at least two materials are priced.
    expect(Object.values(prices.materials).filter(Boolean).length).toBeGreaterThanOrEqual(2);
  });

  it('cites every figure the estimator uses on /savannah-roof-cost, so they appear under Sources', () => {
    const { body } = getEntry('landings', 'savannah-roof-cost');
    const cited = new Set(figuresIn(body));
    expect(roofEstimatorFigures().filter((id) => !cited.has(id))).toEqual([]);
  });

  it('offers the financing terms of the facts file, listed as a placeholder until the owner confirms them', () => {
    expect(financingTerms()).toEqual({ months: [...site.financingTerms.months], confirmed: site.financingTerms.confirmed });
    const listed = listPlaceholders().find((p) => p.field === 'financingTerms');
    expect(listed === undefined).toBe(site.financingTerms.confirmed);
    if (listed) expect(listed.why).toMatch(/financing terms not confirmed/);
  });
});
