import EstimatorCall from '../forms/EstimatorCall.tsx';
import EstimatorForm from '../forms/EstimatorForm.tsx';
import { useEffect, useRef, useState } from 'react';
import {
  consultationHrefWith,
  estimateOf,
  estimateRoofCost,
  LAYER_COUNTS,
  MAX_SIZE_SQFT,
  MIN_SIZE_SQFT,
  ROOF_MATERIALS,
  ROOF_PITCHES,
  sizeProblem,
  STORY_COUNTS,
  usdRange,
  type RoofEstimateInput,
  type RoofEstimateResult,
  type RoofPriceBook,
  type SqFtPrice,
} from '../../lib/roof-estimate.ts';

export interface RoofCostEstimatorProps {
  prices: RoofPriceBook;
  /** The consultation form's page; the estimate travels there in the address. */
  contactPath: string;
  /** Where the no-JavaScript table is, for the form's plain submission. */
  tableId: string;
  /** The office's phone (the business facts), offered beside an error. */
  phone: string;
}

export const DEFAULT_ROOF_INPUT: RoofEstimateInput = {
  sizeBasis: 'footprint',
  sizeSqFt: 2000,
  pitch: 'walkable',
  stories: 1,
  material: 'architectural',
  layers: 1,
};

const ANNOUNCE_DELAY_MS = 600;

const perSqFt = (price: SqFtPrice) =>
  `${[price.low, price.high].map((v) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).join('–')} per square foot`;

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
    : 'This material is not priced: there is no dated published figure for it.';
}

/**
 * The /savannah-roof-cost estimator (issue 12): size, pitch, stories, material
 * and old layers give a ballpark range from the figures file, with its basis.
 * Inputs are uncontrolled, so whatever was typed before the island woke is read
 * on hydration; the result's box keeps its size, so nothing moves when it changes.
 */
export default function RoofCostEstimator({ prices, contactPath, tableId, phone }: RoofCostEstimatorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<RoofEstimateResult>(() => estimateRoofCost(DEFAULT_ROOF_INPUT, prices));
  const [problem, setProblem] = useState<string | null>(null);
  const [basis, setBasis] = useState<'footprint' | 'living'>(DEFAULT_ROOF_INPUT.sizeBasis);
  const [status, setStatus] = useState('');
  /** The height of the range a refused size replaced: the placeholder keeps it, so nothing below moves. */
  const [reserved, setReserved] = useState<number | undefined>(undefined);
  const resultRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const update = (announce: boolean) => {
    const form = formRef.current;
    if (!form) return;
    const { input, size } = readInput(form);
    setBasis(input.sizeBasis);
    const bad = sizeProblem(size);
    setProblem(bad);
    clearTimeout(timer.current);
    if (bad) {
      setReserved((height) => height ?? resultRef.current?.getBoundingClientRect().height);
      if (announce) timer.current = setTimeout(() => setStatus(bad), ANNOUNCE_DELAY_MS);
      return;
    }
    const next = estimateRoofCost(input, prices);
    setResult(next);
    setReserved(undefined);
    if (announce) timer.current = setTimeout(() => setStatus(announcement(next)), ANNOUNCE_DELAY_MS);
  };

  useEffect(() => {
    update(false);
    return () => clearTimeout(timer.current);
  }, []);

  const { cost, area, decking, notes } = result;
  const price = prices.materials[result.input.material];
  const sizeError = problem ? 'roof-size-error' : '';
  return (
    <section className="estimator" aria-labelledby="roof-estimator-title">
      <h2 id="roof-estimator-title">Roof cost estimator</h2>
      <p className="estimator-caveat">
        <strong>Ballpark only, not a quote.</strong> The range comes from national cost guides, not Savannah prices, and cannot
        see your deck, flashing or access. <a href={`#${tableId}`}>The table after the guide</a> gives the same ranges at a
        glance, and works without JavaScript.
      </p>
      {/* Without scripting the form would never answer: the page sends the visitor to the table instead. */}
      <p className="estimator-noscript">
        The calculator needs JavaScript; <a href={`#${tableId}`}>the table below</a> gives the same ranges.
      </p>
      <div className="estimator-body needs-script">
        <EstimatorForm formRef={formRef} tableId={tableId} onUpdate={() => update(true)}>
          <fieldset className="field">
            <legend>Which size do you know?</legend>
            <div className="choices">
              <label className="choice">
                <input type="radio" name="basis" value="footprint" defaultChecked />
                Roof footprint
              </label>
              <label className="choice">
                <input type="radio" name="basis" value="living" />
                Living area of the house
              </label>
            </div>
          </fieldset>
          <div className={`field${problem ? ' field-invalid' : ''}`}>
            <label htmlFor="roof-size">{basis === 'living' ? 'Living area' : 'Roof footprint'} in square feet</label>
            <input
              id="roof-size"
              name="size"
              type="number"
              inputMode="numeric"
              min={MIN_SIZE_SQFT}
              max={MAX_SIZE_SQFT}
              step={10}
              defaultValue={DEFAULT_ROOF_INPUT.sizeSqFt}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`roof-size-hint ${sizeError}`.trim()}
            />
            <p className="field-hint" id="roof-size-hint">
              {basis === 'living'
                ? 'Heated living area from a listing or tax record; it is shared over the stories below.'
                : 'Measured on the ground around the house, with the garage, porches and overhangs.'}
            </p>
            {problem ? (
              <>
                <p className="field-error" id="roof-size-error">
                  {problem}
                </p>
                <EstimatorCall phone={phone} />
              </>
            ) : null}
          </div>
          <fieldset className="field">
            <legend>Pitch</legend>
            <div className="choices">
              {ROOF_PITCHES.map((pitch) => (
                <label className="choice" key={pitch.value}>
                  <input
                    type="radio"
                    name="pitch"
                    value={pitch.value}
                    defaultChecked={pitch.value === DEFAULT_ROOF_INPUT.pitch}
                  />
                  {pitch.label} ({pitch.rise[0]} to {pitch.rise[1]} in 12)
                </label>
              ))}
            </div>
          </fieldset>
          <div className="estimator-selects">
            <div className="field">
              <label htmlFor="roof-stories">Stories</label>
              <select id="roof-stories" name="stories" defaultValue={String(DEFAULT_ROOF_INPUT.stories)}>
                {STORY_COUNTS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="roof-layers">Old layers to remove</label>
              <select id="roof-layers" name="layers" defaultValue={String(DEFAULT_ROOF_INPUT.layers)}>
                {LAYER_COUNTS.map((n) => (
                  <option key={n} value={n}>
                    {n === 3 ? '3 or more' : n}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label htmlFor="roof-material">Material</label>
            <select id="roof-material" name="material" defaultValue={DEFAULT_ROOF_INPUT.material}>
              {ROOF_MATERIALS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                  {prices.materials[m.value] ? '' : ' (not priced)'}
                </option>
              ))}
            </select>
          </div>
        </EstimatorForm>
        <div className="estimator-result" ref={resultRef} style={problem ? { minHeight: reserved } : undefined}>
          <h3 id="roof-result-title">Your ballpark</h3>
          {problem ? (
            // No figure and no hand-off while the size is wrong: the last range would describe another roof.
            <p className="estimator-figure estimator-pending" data-testid="roof-range">
              Fix the size above to see a range.
            </p>
          ) : (
            <>
              {cost ? (
                <p className="estimator-figure" data-testid="roof-range">
                  {usdRange(cost)}
                </p>
              ) : (
                <p className="estimator-figure estimator-unpriced" data-testid="roof-range">
                  Not priced
                </p>
              )}
              <p className="estimator-basis">
                {cost && price ? (
                  <>
                    {area.low.toLocaleString('en-US')}–{area.high.toLocaleString('en-US')} sq ft of roof × {perSqFt(price)}{' '}
                    installed, from <strong>{cost.basis}</strong> (national figures).
                  </>
                ) : (
                  <>
                    {area.low.toLocaleString('en-US')}–{area.high.toLocaleString('en-US')} sq ft of roof.
                  </>
                )}
              </p>
              {decking ? (
                <p className="estimator-extra">
                  If the deck under it must be replaced, add {usdRange(decking)} ({decking.basis}).
                </p>
              ) : null}
              {notes.length ? (
                <ul className="estimator-notes">
                  {notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              ) : null}
              <p className="estimator-handoff">
                <a className="btn btn-primary" href={consultationHrefWith(estimateOf(result), contactPath)}>
                  Send this estimate with a free consultation request
                </a>
              </p>
            </>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
