import type { RefObject } from 'react';
import { MAX_AMOUNT, MAX_APR, MIN_AMOUNT, termLabel, type PaymentInput } from '../../lib/payment.ts';
import EstimatorCall from './EstimatorCall.tsx';
import { describedBy } from './form-state.ts';
import { anotherAprOf, DEFAULT_AMOUNT, type PaymentProblems } from './use-payment-estimate.ts';

interface Props {
  terms: number[];
  termsConfirmed: boolean;
  problems: PaymentProblems;
  /** Set once the visitor typed a rate, or left the box empty with "Another APR" chosen. */
  aprTouched: RefObject<boolean>;
  update: (announce: boolean) => void;
  phone: string;
}

/** The payment estimator's amount, term and APR. */
export default function PaymentInputs({ terms, termsConfirmed, problems, aprTouched, update, phone }: Props) {
  const wrong = (['amount', 'aprPercent'] as const).filter((name) => problems[name]);
  const errorId = (name: keyof PaymentInput) => (problems[name] ? `pay-${name}-error` : undefined);
  // The phone goes with the first error only: once is enough to be seen.
  const error = (name: keyof PaymentInput) =>
    problems[name] ? (
      <>
        <p className="field-error" id={`pay-${name}-error`}>
          {problems[name]}
        </p>
        {name === wrong[0] ? <EstimatorCall phone={phone} /> : null}
      </>
    ) : null;
  return (
    <>
      <div className={`field${problems.amount ? ' field-invalid' : ''}`}>
        <label htmlFor="pay-amount">Amount to finance, in dollars</label>
        <input
          id="pay-amount"
          name="amount"
          type="number"
          inputMode="numeric"
          min={MIN_AMOUNT}
          max={MAX_AMOUNT}
          step={100}
          defaultValue={DEFAULT_AMOUNT}
          aria-invalid={problems.amount ? true : undefined}
          aria-describedby={describedBy(errorId('amount'))}
        />
        {error('amount')}
      </div>
      <div className="field">
        <label htmlFor="pay-term">Term{termsConfirmed ? '' : ' (placeholder terms)'}</label>
        <select id="pay-term" name="term" defaultValue={String(terms[0])}>
          {terms.map((months) => (
            <option key={months} value={months}>
              {termLabel(months)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={`field${problems.aprPercent ? ' field-invalid' : ''}`}>
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
        <input
          id="pay-apr"
          name="apr"
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_APR}
          step={0.01}
          aria-invalid={problems.aprPercent ? true : undefined}
          aria-describedby={describedBy('pay-apr-hint', errorId('aprPercent'))}
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
        {error('aprPercent')}
      </fieldset>
    </>
  );
}
