import { MAX_SIZE_SQFT, MIN_SIZE_SQFT, ROOF_PITCHES, type RoofPriceBook } from '../../lib/roof-estimate.ts';
import EstimatorCall from './EstimatorCall.tsx';
import NumberInput from './NumberInput.tsx';
import RoofSelects from './RoofSelects.tsx';
import { DEFAULT_ROOF_INPUT } from './use-roof-estimate.ts';

const SIZE_INPUT = {
  id: 'roof-size',
  name: 'size',
  inputMode: 'numeric',
  min: MIN_SIZE_SQFT,
  max: MAX_SIZE_SQFT,
  step: 10,
} as const;

interface Props {
  prices: RoofPriceBook;
  /** Which size the visitor knows: it names the size field. */
  basis: 'footprint' | 'living';
  /** What is wrong with the size, or null. */
  problem: string | null;
  phone: string;
}

/** The roof estimator's size and pitch, then the rest of the roof. */
export default function RoofInputs({ prices, basis, problem, phone }: Props) {
  const sizeError = problem ? 'roof-size-error' : '';
  return (
    <>
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
        <NumberInput
          {...SIZE_INPUT}
          invalid={Boolean(problem)}
          describedBy={`roof-size-hint ${sizeError}`.trim()}
          defaultValue={DEFAULT_ROOF_INPUT.sizeSqFt}
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
              <input type="radio" name="pitch" value={pitch.value} defaultChecked={pitch.value === DEFAULT_ROOF_INPUT.pitch} />
              {pitch.label} ({pitch.rise[0]} to {pitch.rise[1]} in 12)
            </label>
          ))}
        </div>
      </fieldset>
      <RoofSelects prices={prices} />
    </>
  );
}
