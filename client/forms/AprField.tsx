import type { ReactNode, RefObject } from 'react';
import { MAX_APR } from '../../lib/payment.ts';
import { describedBy } from './form-state.ts';
import NumberInput from './NumberInput.tsx';

const APR_INPUT = { id: 'pay-apr', name: 'apr', inputMode: 'decimal', min: 0, max: MAX_APR, step: 0.01 } as const;
import { anotherAprOf } from './use-payment-estimate.ts';

interface Props {
  /** What is wrong with the APR, if anything. */
  problem?: string;
  /** The error shown under the field. */
  error: ReactNode;
  /** Set once the visitor typed a rate, or left the box empty with "Another APR" chosen. */
  aprTouched: RefObject<boolean>;
  update: (announce: boolean) => void;
}

/** The payment estimator's APR: 0%, or another rate typed in the box. */
export default function AprField({ problem, error, aprTouched, update }: Props) {
  return (
    <fieldset className={`field${problem ? ' field-invalid' : ''}`}>
      <legend>APR (annual percentage rate)</legend>
      <div className="choices">
        <label className="choice">
          <input type="radio" name="rate" value="zero" defaultChecked />
          0% APR
        </label>
        <label className="choice">
          <input type="radio" name="rate" value="other" />
          Another APR
        </label>
      </div>
      <label htmlFor="pay-apr" className="estimator-sublabel">
        APR in percent, if another
      </label>
      <NumberInput
        {...APR_INPUT}
        invalid={Boolean(problem)}
        describedBy={describedBy('pay-apr-hint', problem ? 'pay-aprPercent-error' : undefined)}
        onInput={(event) => {
          // Typing a rate chooses "Another APR"; focus alone changes nothing (WCAG 3.2.2). The form's own
          // input handler runs next and works the payment out.
          aprTouched.current = true;
          const other = anotherAprOf(event.currentTarget.form);
          if (other) other.checked = true;
        }}
        onBlur={(event) => {
          const other = anotherAprOf(event.currentTarget.form);
          if (other?.checked && event.currentTarget.value === '' && !aprTouched.current) {
            aprTouched.current = true;
            update(true);
          }
        }}
      />
      <p className="field-hint" id="pay-apr-hint">
        From the offer you are weighing; typing here chooses &ldquo;Another APR&rdquo;.
      </p>
      {error}
    </fieldset>
  );
}
