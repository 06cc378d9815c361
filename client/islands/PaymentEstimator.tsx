import EstimatorCall from '../forms/EstimatorCall.tsx';
import EstimatorForm from '../forms/EstimatorForm.tsx';
import { useEffect, useRef, useState } from 'react';
import {
  MAX_AMOUNT,
  MAX_APR,
  MIN_AMOUNT,
  monthlyPayment,
  paymentProblems,
  termLabel,
  usdCents,
  type Payment,
  type PaymentInput,
} from '../../lib/payment.ts';

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

export const DEFAULT_AMOUNT = 10_000;
const ANNOUNCE_DELAY_MS = 600;

type Problems = Partial<Record<keyof PaymentInput, string>>;

/** The "Another APR" radio button, which typing a rate chooses. */
function anotherAprOf(form: HTMLFormElement | null | undefined): HTMLInputElement | null {
  return form?.querySelector<HTMLInputElement>('input[name="rate"][value="other"]') ?? null;
}

function readInput(form: HTMLFormElement, terms: number[]): PaymentInput {
  const data = new FormData(form);
  const number = (name: string) => {
    const text = String(data.get(name) ?? '')
      .replace(/[$,%\s]/g, '')
      .trim();
    return text === '' ? Number.NaN : Number(text);
  };
  const months = Number(data.get('term'));
  return {
    amount: number('amount'),
    aprPercent: data.get('rate') === 'other' ? number('apr') : 0,
    months: terms.includes(months) ? months : terms[0]!,
  };
}

/**
 * The /financing monthly-payment estimator (issue 12): amount, term and APR,
 * with 0% as one option. The terms are the owner's placeholders until confirmed,
 * and no lender or rate is named: the visitor enters the APR of an offer.
 */
export default function PaymentEstimator({ terms, termsConfirmed, tableId, phone }: PaymentEstimatorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [input, setInput] = useState<PaymentInput>({ amount: DEFAULT_AMOUNT, aprPercent: 0, months: terms[0]! });
  const [payment, setPayment] = useState<Payment>(() =>
    monthlyPayment({ amount: DEFAULT_AMOUNT, aprPercent: 0, months: terms[0]! }),
  );
  const [problems, setProblems] = useState<Problems>({});
  const [awaitingApr, setAwaitingApr] = useState(false);
  const [status, setStatus] = useState('');
  /** The height of the payment a refused input replaced: the placeholder keeps it, so nothing below moves. */
  const [reserved, setReserved] = useState<number | undefined>(undefined);
  const resultRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Something was typed in the APR box, or it was left empty with "Another APR" chosen. */
  const aprTouched = useRef(false);

  const update = (announce: boolean) => {
    const form = formRef.current;
    if (!form) return;
    const next = readInput(form, terms);
    const { aprPercent: aprProblem, ...others } = paymentProblems(next);
    // Choosing "Another APR" before typing one is not a mistake yet: the result waits for the rate.
    const aprField = form.elements.namedItem('apr') as HTMLInputElement | null;
    const showApr = Boolean(aprProblem) && (aprTouched.current || Boolean(aprField?.value));
    const bad: Problems = showApr ? { ...others, aprPercent: aprProblem } : others;
    setProblems(bad);
    setAwaitingApr(Boolean(aprProblem) && !showApr);
    clearTimeout(timer.current);
    const first = Object.values(bad)[0] ?? (aprProblem ? 'Enter the APR to see a payment.' : undefined);
    if (first) {
      setReserved((height) => height ?? resultRef.current?.getBoundingClientRect().height);
      if (announce) timer.current = setTimeout(() => setStatus(first), ANNOUNCE_DELAY_MS);
      return;
    }
    const result = monthlyPayment(next);
    setReserved(undefined);
    setInput(next);
    setPayment(result);
    if (announce) {
      timer.current = setTimeout(
        () => setStatus(`Estimated payment: ${usdCents(result.monthly)} a month for ${next.months} months.`),
        ANNOUNCE_DELAY_MS,
      );
    }
  };

  useEffect(() => {
    // A rate typed while this code was on its way chose nothing yet: typing it means "Another APR".
    const form = formRef.current;
    const apr = form?.elements.namedItem('apr') as HTMLInputElement | null;
    const other = anotherAprOf(form);
    if (apr?.value && other && !other.checked) {
      other.checked = true;
      aprTouched.current = true;
    }
    update(false);
    return () => clearTimeout(timer.current);
  }, []);

  const describedBy = (name: keyof PaymentInput, hint?: string) =>
    [hint, problems[name] ? `pay-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const wrong = (['amount', 'aprPercent'] as const).filter((name) => problems[name]);
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

  const pending = wrong.length
    ? `Fix the ${wrong.map((name) => (name === 'amount' ? 'amount' : 'APR')).join(' and ')} above to see a payment.`
    : awaitingApr
      ? 'Enter the APR above to see a payment.'
      : null;

  return (
    <section className="estimator" aria-labelledby="payment-estimator-title">
      <h2 id="payment-estimator-title">Monthly payment estimator</h2>
      <p className="estimator-caveat">
        <strong>An estimate for planning, not an offer of credit.</strong> It uses the standard formula for a fixed-rate
        installment loan; a lender&apos;s written terms are the only ones that count.{' '}
        <a href={`#${tableId}`}>The table after the guide</a> gives payments at 0% APR without JavaScript.
      </p>
      {termsConfirmed ? null : (
        <p className="notice estimator-placeholder needs-script">
          <strong>Placeholder terms.</strong> The term lengths below are placeholders that the business has not confirmed yet. No
          financing provider is named and no rate is offered here: enter the APR of the offer you are weighing.
        </p>
      )}
      {/* Without scripting the form would never answer: the page sends the visitor to the table instead. */}
      <p className="estimator-noscript">
        The calculator needs JavaScript; <a href={`#${tableId}`}>the table below</a> gives the payments at 0% APR.
      </p>
      <div className="estimator-body needs-script">
        <EstimatorForm formRef={formRef} tableId={tableId} onUpdate={() => update(true)}>
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
              aria-describedby={describedBy('amount')}
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
              aria-describedby={describedBy('aprPercent', 'pay-apr-hint')}
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
        </EstimatorForm>
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
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
