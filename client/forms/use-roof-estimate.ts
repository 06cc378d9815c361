import { useEffect, useRef, useState } from 'react';
import {
  estimateRoofCost,
  LAYER_COUNTS,
  ROOF_MATERIALS,
  ROOF_PITCHES,
  sizeProblem,
  STORY_COUNTS,
  usdRange,
  type RoofEstimateInput,
  type RoofEstimateResult,
  type RoofPriceBook,
} from '../../lib/roof-estimate.ts';
import { useEstimatorStatus } from './use-estimator-status.ts';

export const DEFAULT_ROOF_INPUT: RoofEstimateInput = {
  sizeBasis: 'footprint',
  sizeSqFt: 2000,
  pitch: 'walkable',
  stories: 1,
  material: 'architectural',
  layers: 1,
};

/** The inputs as the form holds them now; the size may be anything typed. */
function readInput(form: HTMLFormElement): { input: RoofEstimateInput; size: number } {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const size = text('size').trim() === '' ? Number.NaN : Number(text('size').replace(/,/g, ''));
  const pick = <T extends string | number>(list: readonly T[], value: string | number, fallback: T): T =>
    list.find((item) => String(item) === String(value)) ?? fallback;
  return {
    size,
    input: {
      sizeBasis: text('basis') === 'living' ? 'living' : 'footprint',
      sizeSqFt: Math.round(size),
      pitch: pick(
        ROOF_PITCHES.map((p) => p.value),
        text('pitch'),
        DEFAULT_ROOF_INPUT.pitch,
      ),
      stories: pick(STORY_COUNTS, text('stories'), DEFAULT_ROOF_INPUT.stories),
      material: pick(
        ROOF_MATERIALS.map((m) => m.value),
        text('material'),
        DEFAULT_ROOF_INPUT.material,
      ),
      layers: pick(LAYER_COUNTS, text('layers'), DEFAULT_ROOF_INPUT.layers),
    },
  };
}

function announcement(result: RoofEstimateResult): string {
  return result.cost
    ? `Ballpark estimate: ${usdRange(result.cost).replace('–', ' to ')}, from ${result.cost.basis}.`
    : 'Not priced here: a written estimate prices this material.';
}

/**
 * The roof estimator's state: the range for the form's current inputs, or why
 * there is none. Inputs are uncontrolled, so whatever was typed before the
 * island woke is read on hydration.
 */
export function useRoofEstimate(prices: RoofPriceBook) {
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<RoofEstimateResult>(() => estimateRoofCost(DEFAULT_ROOF_INPUT, prices));
  const [problem, setProblem] = useState<string | null>(null);
  const [basis, setBasis] = useState<'footprint' | 'living'>(DEFAULT_ROOF_INPUT.sizeBasis);
  const estimator = useEstimatorStatus();

  const update = (announce: boolean) => {
    const form = formRef.current;
    if (!form) return;
    const { input, size } = readInput(form);
    setBasis(input.sizeBasis);
    const bad = sizeProblem(size);
    setProblem(bad);
    if (bad) {
      estimator.refuse(bad, announce);
      return;
    }
    const next = estimateRoofCost(input, prices);
    setResult(next);
    estimator.show(announcement(next), announce);
  };

  useEffect(() => {
    update(false);
  }, []);

  return { formRef, result, problem, basis, update, ...estimator };
}
