import EstimatorSection from '../forms/EstimatorSection.tsx';
import PaymentInputs from '../forms/PaymentInputs.tsx';
import PaymentResult from '../forms/PaymentResult.tsx';
import { usePaymentEstimate } from '../forms/use-payment-estimate.ts';

export interface PaymentEstimatorProps {
  /** The term lengths offered, in months (content/site.ts `financingTerms`). */
  terms: number[];
  /** False while the owner has not confirmed the terms: they are shown as placeholders. */
  termsConfirmed: boolean;
  /** Where the no-JavaScript table is. */
  tableId: string;
  /** The office's phone (the business facts), offered beside an error. */
  phone: string;
}

/**
 * The /financing monthly-payment estimator: amount, term and APR, with 0% as
 * one option. The terms are the owner's placeholders until confirmed, and no
 * lender or rate is named: the visitor enters the APR of an offer.
 */
export default function PaymentEstimator({ terms, termsConfirmed, tableId, phone }: PaymentEstimatorProps) {
  const estimate = usePaymentEstimate(terms);
  const { problems } = estimate;
  const wrong = (['amount', 'aprPercent'] as const).filter((name) => problems[name]);
  const pending = wrong.length
    ? `Fix the ${wrong.map((name) => (name === 'amount' ? 'amount' : 'APR')).join(' and ')} above to see a payment.`
    : estimate.awaitingApr
      ? 'Enter the APR above to see a payment.'
      : null;

  return (
    <EstimatorSection
      titleId="payment-estimator-title"
      title="Monthly payment estimator"
      caveat={
        <>
          <p className="estimator-caveat">
            <strong>An estimate for planning, not an offer of credit.</strong> It uses the standard formula for a fixed-rate
            installment loan; a lender&apos;s written terms are the only ones that count.{' '}
            <a href={`#${tableId}`}>The table after the guide</a> gives payments at 0% APR without JavaScript.
          </p>
          {termsConfirmed ? null : (
            <p className="notice estimator-placeholder needs-script">
              <strong>Placeholder terms.</strong> The term lengths below are placeholders that the business has not confirmed yet.
              No financing provider is named and no rate is offered here: enter the APR of the offer you are weighing.
            </p>
          )}
        </>
      }
      noscriptTail=" gives the payments at 0% APR."
      tableId={tableId}
      formRef={estimate.formRef}
      onUpdate={() => estimate.update(true)}
      inputs={
        <PaymentInputs
          terms={terms}
          termsConfirmed={termsConfirmed}
          problems={problems}
          aprTouched={estimate.aprTouched}
          update={estimate.update}
          phone={phone}
        />
      }
      result={
        <PaymentResult
          resultRef={estimate.resultRef}
          pending={pending}
          reserved={estimate.reserved}
          input={estimate.input}
          payment={estimate.payment}
        />
      }
      status={estimate.status}
    />
  );
}
