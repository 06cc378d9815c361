/**
 * The check an estimate passes before it is stored with a lead: what
 * the consultation form carries and POST /api/leads accepts. Apart from the
 * arithmetic in lib/roof-estimate.ts so the estimator island does not load zod.
 */
import * as z from 'zod/mini';
import {
  ESTIMATE_MAX_CHARS,
  LAYER_COUNTS,
  MAX_ESTIMATE_USD,
  MAX_SIZE_SQFT,
  MIN_SIZE_SQFT,
  ROOF_MATERIALS,
  ROOF_PITCHES,
  SIZE_BASES,
  STORY_COUNTS,
  type RoofEstimate,
} from './roof-estimate.ts';

const enumOf = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
const literalNumbers = <T extends readonly number[]>(list: T) =>
  z.union(list.map((n) => z.literal(n)) as unknown as [z.ZodMiniLiteral<T[number]>]);
const dollars = z.nullable(z.int().check(z.minimum(0), z.maximum(MAX_ESTIMATE_USD)));

export const roofEstimateSchema = z
  .object({
    sizeBasis: z.enum(enumOf(SIZE_BASES)),
    sizeSqFt: z.int().check(z.minimum(MIN_SIZE_SQFT), z.maximum(MAX_SIZE_SQFT)),
    pitch: z.enum(enumOf(ROOF_PITCHES)),
    stories: literalNumbers(STORY_COUNTS),
    material: z.enum(enumOf(ROOF_MATERIALS)),
    layers: literalNumbers(LAYER_COUNTS),
    low: dollars,
    high: dollars,
    // No NUL: PostgreSQL's jsonb refuses it, which would make the whole lead a 500.
    basis: z.nullable(
      z.string().check(
        z.minLength(1),
        z.maxLength(200),
        z.refine((text) => !text.includes('\u0000')),
      ),
    ),
  })
  .check(
    z.refine(
      (e) => (e.low === null) === (e.high === null) && (e.low === null) === (e.basis === null) && (e.low ?? 0) <= (e.high ?? 0),
      'A range needs a low end no higher than its high end, and its basis.',
    ),
  );

// The schema's output is the estimate type, field for field.
const _sameShape: RoofEstimate = {} as z.output<typeof roofEstimateSchema>;
void _sameShape;

export const ESTIMATE_TOO_LARGE =
  'The roof estimate sent with this request is larger than the estimator makes, so the request was not sent. Remove the estimate, or make a new one.';
export const ESTIMATE_UNREADABLE =
  'The roof estimate sent with this request could not be read, so the request was not sent. Remove the estimate, or make a new one.';

/** The estimate from a form field, URL parameter or JSON body (text or object), or the reason it is refused. */
export function parseRoofEstimate(value: unknown): { ok: true; estimate: RoofEstimate } | { ok: false; problem: string } {
  let data = value;
  if (typeof value === 'string') {
    if (value.length > ESTIMATE_MAX_CHARS) return { ok: false, problem: ESTIMATE_TOO_LARGE };
    try {
      data = JSON.parse(value);
    } catch {
      return { ok: false, problem: ESTIMATE_UNREADABLE };
    }
  } else if (JSON.stringify(value ?? null).length > ESTIMATE_MAX_CHARS) {
    return { ok: false, problem: ESTIMATE_TOO_LARGE };
  }
  const parsed = roofEstimateSchema.safeParse(data);
  return parsed.success ? { ok: true, estimate: parsed.data } : { ok: false, problem: ESTIMATE_UNREADABLE };
}
