import type { RefObject } from 'react';
import { termLabel, usdCents, type Payment, type PaymentInput } from '../../lib/payment.ts';

interface Props {
  resultRef: RefObject<HTMLDivElement | null>;
  /** Why there is no figure now, or null when there is one. */
  pending: string | null;
  /** The height kept while there is no figure. */
  reserved: number | undefined;
  input: PaymentInput;
  payment: Payment;
}

/** The payment estimator's result: the monthly payment and what it is made of. */
export default function PaymentResult({ resultRef, pending, reserved, input, payment }: Props) {
  return (
    <div className="estimator-result" ref={resultRef} style={pending ? { minHeight: reserved } : undefined}>
      <h3 id="payment-result-title">Estimated payment</h3>
      {pending ? (
        // No figure while an input is wrong: the last payment would be for other terms.
        <p className="estimator-figure estimator-pending" data-testid="monthly-payment">
          {pending}
        </p>
      ) : (
        <>
          <p className="estimator-figure" data-testid="monthly-payment">
            {usdCents(payment.monthly)}
            <span className="estimator-unit"> a month</span>
          </p>
          <dl className="estimator-facts">
            <div>
              <dt>Amount</dt>
              <dd>{usdCents(input.amount)}</dd>
            </div>
            <div>
              <dt>Term</dt>
              <dd>{termLabel(input.months)}</dd>
            </div>
            <div>
              <dt>APR</dt>
              <dd>{input.aprPercent}%</dd>
            </div>
            <div>
              <dt>Total repaid</dt>
              <dd data-testid="total-repaid">{usdCents(payment.total)}</dd>
            </div>
            <div>
              <dt>Interest</dt>
              <dd>{usdCents(payment.interest)}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
