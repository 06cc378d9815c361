import type { RefObject } from 'react';
import { MAX_AMOUNT, MIN_AMOUNT, termLabel, type PaymentInput } from '../../lib/payment.ts';
import AprField from './AprField.tsx';
import EstimatorCall from './EstimatorCall.tsx';
import NumberInput from './NumberInput.tsx';
import { describedBy } from './form-state.ts';
import { DEFAULT_AMOUNT, type PaymentProblems } from './use-payment-estimate.ts';

const AMOUNT_INPUT = {
  id: 'pay-amount',
  name: 'amount',
  inputMode: 'numeric',
  min: MIN_AMOUNT,
  max: MAX_AMOUNT,
  step: 100,
} as const;

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
        <NumberInput
          {...AMOUNT_INPUT}
          invalid={Boolean(problems.amount)}
          describedBy={describedBy(errorId('amount'))}
          defaultValue={DEFAULT_AMOUNT}
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
      <AprField problem={problems.aprPercent} error={error('aprPercent')} aprTouched={aprTouched} update={update} />
    </>
  );
}
