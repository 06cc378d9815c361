import { describe, expect, it } from 'vitest';
import { getEntry } from '../content/layer/content.ts';
import { figuresIn, FIGURES } from '../content/figures.ts';
import { listPlaceholders, site } from '../content/site.ts';
import { financingTerms, roofEstimatorFigures, roofPriceBook } from './estimator-data.ts';

describe('the estimators read their numbers from the facts and figures files', () => {
  it('prices each material from its dated figure, and leaves a material without one unpriced', () => {
    const { materials, decking } = roofPriceBook();
    expect(materials.architectural).toEqual({
      low: FIGURES['asphalt-architectural-sqft'].low,
      high: FIGURES['asphalt-architectural-sqft'].high,
      basis: FIGURES['asphalt-architectural-sqft'].basis,
    });
    expect(materials.any?.basis).toBe(FIGURES['roof-replacement-sqft-national'].basis);
    expect(materials.metal).toBeNull();
    expect(materials['three-tab']).toBeNull();
    expect(decking?.low).toBe(FIGURES['roof-decking-sqft'].low);
    for (const price of [...Object.values(materials), decking]) {
      if (price) expect(price.basis).toMatch(/\b(19|20)\d\d\b/);
    }
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
