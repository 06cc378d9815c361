/**
 * The /savannah-roof-cost estimator's arithmetic, shared by the island, the page's no-JavaScript table,
 * the consultation form it hands its result to, and the server that stores it.
 * Pure and free of zod (the estimator island loads it; the schema is in
 * lib/roof-estimate-schema.ts): the prices come in as an argument (the page reads them from
 * content/figures.ts), so the two views cannot disagree and no number lives here.
 *
 * Only geometry is assumed, and the page states it:
 * - a pitch of `rise` in 12 turns a footprint into `footprint × √(1 + (rise/12)²)` of roof;
 * - living area spread over equal floors gives a footprint of `living area ÷ stories`.
 * Nothing else adjusts the price: a steep-roof or height premium and the removal
 * of extra layers have no dated published figure, so the result names them as what a
 * written estimate adds.
 */
import { LEAD_FIELD_MAX } from './lead-fields.ts';

export const ROOF_MATERIALS = [
  { value: 'architectural', label: 'Architectural asphalt shingles' },
  { value: 'three-tab', label: '3-tab asphalt shingles' },
  { value: 'metal', label: 'Standing-seam metal' },
  { value: 'concrete-tile', label: 'Concrete tile' },
  { value: 'flat', label: 'Flat or low-slope membrane' },
  { value: 'any', label: 'Not sure yet (all materials)' },
] as const;
export type RoofMaterial = (typeof ROOF_MATERIALS)[number]['value'];

/** Pitch as a rough category (the page's "Judging the pitch"), each a span of rise per 12 inches of run. */
export const ROOF_PITCHES = [
  { value: 'low', label: 'Low slope', rise: [0, 3] },
  { value: 'walkable', label: 'Walkable', rise: [4, 7] },
  { value: 'steep', label: 'Steep', rise: [8, 12] },
] as const;
export type RoofPitch = (typeof ROOF_PITCHES)[number]['value'];

export const SIZE_BASES = [
  { value: 'footprint', label: 'Roof footprint' },
  { value: 'living', label: 'Living area of the house' },
] as const;
export type SizeBasis = (typeof SIZE_BASES)[number]['value'];

export const STORY_COUNTS = [1, 2, 3] as const;
/** Old layers to remove; 3 stands for "3 or more". */
export const LAYER_COUNTS = [1, 2, 3] as const;

export const MIN_SIZE_SQFT = 200;
export const MAX_SIZE_SQFT = 20_000;
/** The largest range the estimator can produce, with room to spare: the schema refuses anything above it. */
export const MAX_ESTIMATE_USD = 5_000_000;
/** Characters of an estimate as JSON (a form field, a URL parameter): the largest valid one is about 300. */
export const ESTIMATE_MAX_CHARS = LEAD_FIELD_MAX.estimate;

/** A published price per square foot of roof, with how a page names its basis ("Angi's 2024 cost guide"). */
export interface SqFtPrice {
  low: number;
  high: number;
  basis: string;
}

/** What each material costs per square foot, or null when no dated published figure prices it. */
export interface RoofPriceBook {
  materials: Record<RoofMaterial, SqFtPrice | null>;
  /** Replacing the deck under the roof, per square foot: shown beside the range, never in it. */
  decking: SqFtPrice | null;
}

export interface RoofEstimateInput {
  sizeBasis: SizeBasis;
  sizeSqFt: number;
  pitch: RoofPitch;
  stories: (typeof STORY_COUNTS)[number];
  material: RoofMaterial;
  layers: (typeof LAYER_COUNTS)[number];
}

export interface RoofEstimateResult {
  input: RoofEstimateInput;
  /** Square feet of roof surface at the low and high end of the pitch category. */
  area: { low: number; high: number };
  /** Dollars, rounded outwards to three significant figures; null when the material has no dated figure. */
  cost: { low: number; high: number; basis: string } | null;
  /** New decking over the same area, if the tear-off finds it rotten. */
  decking: { low: number; high: number; basis: string } | null;
  /** What the range leaves out for these inputs, in words for the visitor. */
  notes: string[];
}

/** `√(1 + (rise/12)²)`: roof surface per square foot of footprint. */
export function pitchFactor(rise: number): number {
  return Math.sqrt(1 + (rise / 12) ** 2);
}

export function materialLabel(material: string): string {
  return ROOF_MATERIALS.find((m) => m.value === material)?.label ?? material;
}

export function pitchLabel(pitch: string): string {
  const found = ROOF_PITCHES.find((p) => p.value === pitch);
  return found ? `${found.label} (${found.rise[0]} to ${found.rise[1]} in 12)` : pitch;
}

/** Why a size cannot be estimated, or null when it can. */
export function sizeProblem(size: number): string | null {
  if (!Number.isFinite(size)) return 'Enter the size in square feet, as a number.';
  if (size < MIN_SIZE_SQFT || size > MAX_SIZE_SQFT) {
    return `Enter a size from ${MIN_SIZE_SQFT.toLocaleString('en-US')} to ${MAX_SIZE_SQFT.toLocaleString('en-US')} square feet.`;
  }
  return null;
}

/** The estimator's warning for shingles or tile on a low slope. */
export const LOW_SLOPE_NOTE =
  'Shingles and tile need a minimum slope set by their maker; a low-slope roof usually needs a membrane instead.';
/** The estimator's warning for a membrane on a pitched roof. */
export const PITCHED_MEMBRANE_NOTE = 'The flat-roof figure is for flat and low-slope roofs, not pitched ones.';

/**
 * Why a material does not suit a pitch, in the estimator's words, or null when it does.
 * The estimator shows it beside the range; the no-JavaScript table leaves the cell empty.
 */
export function pitchMismatch(pitch: RoofPitch, material: RoofMaterial): string | null {
  if (pitch === 'low' && (material === 'architectural' || material === 'three-tab' || material === 'concrete-tile')) {
    return LOW_SLOPE_NOTE;
  }
  if (pitch !== 'low' && material === 'flat') return PITCHED_MEMBRANE_NOTE;
  return null;
}

/** Three significant figures, and never finer than ten dollars: $23,100, $5,230, $760. */
const step = (value: number) => Math.max(10, 10 ** (Math.floor(Math.log10(Math.max(value, 1))) - 2));
const roundDown = (value: number) => Math.floor(value / step(value)) * step(value);
const roundUp = (value: number) => Math.ceil(value / step(value)) * step(value);

/** The footprint the roof covers: the size as given, or living area shared out over equal floors. */
export function footprintOf(input: Pick<RoofEstimateInput, 'sizeBasis' | 'sizeSqFt' | 'stories'>): number {
  return input.sizeBasis === 'living' ? input.sizeSqFt / input.stories : input.sizeSqFt;
}

/**
 * The ballpark for `input`: roof area from footprint and pitch, times the
 * material's published price per square foot, low with low and high with high,
 * rounded outwards to three significant figures (never finer than ten dollars).
 */
export function estimateRoofCost(input: RoofEstimateInput, prices: RoofPriceBook): RoofEstimateResult {
  const pitch = ROOF_PITCHES.find((p) => p.value === input.pitch) ?? ROOF_PITCHES[1];
  const footprint = footprintOf(input);
  const area = {
    low: Math.round(footprint * pitchFactor(pitch.rise[0])),
    high: Math.round(footprint * pitchFactor(pitch.rise[1])),
  };
  const price = prices.materials[input.material];
  const priced = (p: SqFtPrice) => ({ low: roundDown(area.low * p.low), high: roundUp(area.high * p.high), basis: p.basis });
  const notes: string[] = [];
  if (!price && input.material === 'any') {
    notes.push(
      'Choose a material to see a range: prices differ too much from one material to another for a single range to help. A free written estimate prices the options for your house.',
    );
  } else if (!price) {
    notes.push(
      `The estimator gives no range for ${materialLabel(input.material).toLowerCase()}: its price turns on the product and the roof. A free written estimate prices it for your house.`,
    );
  }
  if (input.sizeBasis === 'living') {
    notes.push(
      `Living area shared over ${input.stories} equal floor${input.stories === 1 ? '' : 's'} gives a ${Math.round(footprint).toLocaleString('en-US')} sq ft footprint; garages, porches and overhangs are left out, so the real roof is usually larger.`,
    );
  }
  if (input.pitch === 'steep' || input.stories > 1) {
    notes.push(
      'Steep and tall roofs take more labor and safety equipment, which adds to the price; the range leaves that out, and a written estimate includes it.',
    );
  }
  if (input.layers > 1) {
    notes.push(
      'Removing more than one old layer adds labor and disposal, which the range leaves out; a written estimate includes it.',
    );
  }
  const mismatch = pitchMismatch(input.pitch, input.material);
  if (mismatch) notes.push(mismatch);
  return {
    input,
    area,
    cost: price ? priced(price) : null,
    decking: prices.decking ? priced(prices.decking) : null,
    notes,
  };
}

/** `$12,300`. */
export function usd(value: number): string {
  return `$${Math.round(value).toLocaleString('en-US')}`;
}

/** `$12,300–$26,900`. */
export function usdRange(range: { low: number; high: number }): string {
  return `${usd(range.low)}–${usd(range.high)}`;
}

// ---------------------------------------------------------------------------
// The estimate a visitor hands to the consultation form, as stored with the lead.

/** The estimate stored with a lead: the visitor's inputs, the range they saw and its basis (checked by lib/roof-estimate-schema.ts). */
export interface RoofEstimate extends RoofEstimateInput {
  low: number | null;
  high: number | null;
  basis: string | null;
}

/** What the estimator hands on: its inputs and the range it showed. */
export function estimateOf(result: RoofEstimateResult): RoofEstimate {
  return {
    ...result.input,
    low: result.cost?.low ?? null,
    high: result.cost?.high ?? null,
    basis: result.cost?.basis ?? null,
  };
}

/** The service a request with an estimate is about: the estimator prices a whole new roof. */
export const ESTIMATE_SERVICE = 'Roof Replacement';

/** The service to fill in for a handed-over estimate, when the form's list offers it. */
export function estimateService(services: readonly string[] | undefined): string | null {
  return services?.includes(ESTIMATE_SERVICE) ? ESTIMATE_SERVICE : null;
}

/** The consultation form's address with an estimate attached. */
export function consultationHrefWith(estimate: RoofEstimate, contactPath = '/contact'): string {
  return `${contactPath}?estimate=${encodeURIComponent(JSON.stringify(estimate))}#consultation`;
}

/** The estimate as labelled lines, for the form, the office email, the admin and the confirmation page. */
export function estimateRows(estimate: RoofEstimate): { label: string; value: string }[] {
  const size = `${estimate.sizeSqFt.toLocaleString('en-US')} sq ft (${estimate.sizeBasis === 'living' ? 'living area' : 'roof footprint'})`;
  return [
    {
      label: 'Ballpark range',
      value:
        estimate.low !== null && estimate.high !== null
          ? `${usdRange({ low: estimate.low, high: estimate.high })} (${estimate.basis})`
          : 'Not priced here: a written estimate prices this material',
    },
    { label: 'Material', value: materialLabel(estimate.material) },
    { label: 'Size', value: size },
    { label: 'Pitch', value: pitchLabel(estimate.pitch) },
    { label: 'Stories', value: String(estimate.stories) },
    { label: 'Old layers to remove', value: estimate.layers === 3 ? '3 or more' : String(estimate.layers) },
  ];
}
