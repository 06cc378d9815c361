import { describe, expect, it } from 'vitest';
import { ESTIMATE_TOO_LARGE, ESTIMATE_UNREADABLE, parseRoofEstimate } from './roof-estimate-schema.ts';
import {
  consultationHrefWith,
  ESTIMATE_MAX_CHARS,
  estimateOf,
  estimateRoofCost,
  estimateRows,
  estimateService,
  pitchFactor,
  type RoofEstimateInput,
  type RoofPriceBook,
} from './roof-estimate.ts';

const PRICES: RoofPriceBook = {
  materials: {
    architectural: { low: 2.5, high: 10, basis: "Angi's 2024 cost guide" },
    'three-tab': null,
    metal: null,
    'concrete-tile': { low: 5, high: 10, basis: "CostOwl's June 2022 cost guide" },
    flat: { low: 4, high: 6, basis: "Today's Homeowner's May 2023 cost guide" },
    any: { low: 4, high: 11, basis: "HomeAdvisor's December 2024 cost data" },
  },
  decking: { low: 2, high: 6, basis: "Angi's 2026 cost guide" },
};

const input = (extra: Partial<RoofEstimateInput> = {}): RoofEstimateInput => ({
  sizeBasis: 'footprint',
  sizeSqFt: 2000,
  pitch: 'walkable',
  stories: 1,
  material: 'architectural',
  layers: 1,
  ...extra,
});

describe('estimateRoofCost', () => {
  it('turns footprint into roof area by the pitch geometry: 4 in 12 to 7 in 12 for a walkable roof', () => {
    expect(pitchFactor(0)).toBe(1);
    expect(pitchFactor(12)).toBeCloseTo(Math.SQRT2, 10);
    const { area } = estimateRoofCost(input(), PRICES);
    expect(area).toEqual({
      low: Math.round(2000 * Math.sqrt(1 + (4 / 12) ** 2)),
      high: Math.round(2000 * Math.sqrt(1 + (7 / 12) ** 2)),
    });
    expect(area).toEqual({ low: 2108, high: 2315 });
  });

  it('prices area low with price low and area high with price high, rounded outwards to three significant figures', () => {
    // 2,108 × $2.50 = $5,270 and 2,315 × $10 = $23,150.
    const result = estimateRoofCost(input(), PRICES);
    expect(result.cost).toEqual({ low: 5270, high: 23200, basis: "Angi's 2024 cost guide" });
    // 2,108 × $2 = $4,216 and 2,315 × $6 = $13,890.
    expect(result.decking).toEqual({ low: 4210, high: 13900, basis: "Angi's 2026 cost guide" });
    // Small roofs round to ten dollars, never to a coarser step than the figure allows.
    const small = estimateRoofCost(input({ sizeSqFt: 200, material: 'flat', pitch: 'low' }), PRICES);
    expect(small.cost).toEqual({ low: 800, high: 1240, basis: "Today's Homeowner's May 2023 cost guide" });
  });

  it('shares living area over equal floors to find the footprint, and says what that leaves out', () => {
    const living = estimateRoofCost(input({ sizeBasis: 'living', sizeSqFt: 3000, stories: 2 }), PRICES);
    const footprint = estimateRoofCost(input({ sizeSqFt: 1500 }), PRICES);
    expect(living.area).toEqual(footprint.area);
    expect(living.cost).toEqual(footprint.cost);
    expect(living.notes.join(' ')).toMatch(/2 equal floors gives a 1,500 sq ft footprint/);
  });

  it('does not price a material without a dated figure, and says so', () => {
    const result = estimateRoofCost(input({ material: 'metal' }), PRICES);
    expect(result.cost).toBeNull();
    expect(result.notes[0]).toMatch(/no range for standing-seam metal.*written estimate/);
    expect(estimateOf(result)).toMatchObject({ material: 'metal', low: null, high: null, basis: null });
  });

  it('asks for a material when none is chosen and the book has no all-materials range', () => {
    const result = estimateRoofCost(input({ material: 'any' }), { ...PRICES, materials: { ...PRICES.materials, any: null } });
    expect(result.cost).toBeNull();
    expect(result.notes[0]).toMatch(/^Choose a material to see a range/);
  });

  it('leaves stories and extra layers out of the price, and says so rather than inventing a premium', () => {
    const plain = estimateRoofCost(input(), PRICES);
    const tall = estimateRoofCost(input({ stories: 3, layers: 3, pitch: 'walkable' }), PRICES);
    expect(tall.cost).toEqual(plain.cost);
    expect(plain.notes).toEqual([]);
    expect(tall.notes.join(' ')).toMatch(/Steep and tall roofs .* the range leaves that out/);
    expect(tall.notes.join(' ')).toMatch(/more than one old layer/);
  });
});

describe('parseRoofEstimate', () => {
  const estimate = estimateOf(estimateRoofCost(input(), PRICES));

  it('reads the estimate the estimator hands on, as text or as an object', () => {
    expect(parseRoofEstimate(JSON.stringify(estimate))).toEqual({ ok: true, estimate });
    expect(parseRoofEstimate(estimate)).toEqual({ ok: true, estimate });
    const href = consultationHrefWith(estimate);
    expect(href).toMatch(/^\/contact\?estimate=.*#consultation$/);
    const param = new URL(href, 'https://x.test').searchParams.get('estimate');
    expect(parseRoofEstimate(param)).toEqual({ ok: true, estimate });
  });

  it('refuses an oversized estimate and one of the wrong shape, each with its own message', () => {
    expect(parseRoofEstimate('x'.repeat(ESTIMATE_MAX_CHARS + 1))).toEqual({ ok: false, problem: ESTIMATE_TOO_LARGE });
    expect(parseRoofEstimate({ ...estimate, basis: 'b'.repeat(ESTIMATE_MAX_CHARS) })).toEqual({
      ok: false,
      problem: ESTIMATE_TOO_LARGE,
    });
    expect(parseRoofEstimate('{not json')).toEqual({ ok: false, problem: ESTIMATE_UNREADABLE });
    for (const bad of [
      { ...estimate, material: 'gold' },
      { ...estimate, sizeSqFt: 50 },
      { ...estimate, stories: 7 },
      { ...estimate, low: 30_000, high: 20_000 },
      { ...estimate, low: null },
      { ...estimate, extra: 'field', low: -5 },
      [estimate],
    ]) {
      expect(parseRoofEstimate(bad)).toEqual({ ok: false, problem: ESTIMATE_UNREADABLE });
    }
  });

  it('lists the estimate in words, range and basis first', () => {
    expect(estimateRows(estimate)).toEqual([
      { label: 'Ballpark range', value: "$5,270–$23,200 (Angi's 2024 cost guide)" },
      { label: 'Material', value: 'Architectural asphalt shingles' },
      { label: 'Size', value: '2,000 sq ft (roof footprint)' },
      { label: 'Pitch', value: 'Walkable (4 to 7 in 12)' },
      { label: 'Stories', value: '1' },
      { label: 'Old layers to remove', value: '1' },
    ]);
  });

  it('names the replacement service for a handed-over estimate, only when the form offers it', () => {
    expect(estimateService(['Roof Repair', 'Roof Replacement'])).toBe('Roof Replacement');
    expect(estimateService(['Roof Repair'])).toBeNull();
    expect(estimateService(undefined)).toBeNull();
  });
});
