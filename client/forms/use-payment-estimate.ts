import { useEffect, useRef, useState } from 'react';
import { monthlyPayment, paymentProblems, usdCents, type Payment, type PaymentInput } from '../../lib/payment.ts';
import { useEstimatorStatus } from './use-estimator-status.ts';

export const DEFAULT_AMOUNT = 10_000;

export type PaymentProblems = Partial<Record<keyof PaymentInput, string>>;

/** The "Another APR" radio button, which typing a rate chooses. */
export function anotherAprOf(form: HTMLFormElement | null | undefined): HTMLInputElement | null {
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
 * The payment estimator's state: the payment for the form's current inputs, or
 * the problems that stop one. Choosing "Another APR" before typing one is not a
 * mistake yet: the result waits for the rate.
 */
export function usePaymentEstimate(terms: number[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [input, setInput] = useState<PaymentInput>({ amount: DEFAULT_AMOUNT, aprPercent: 0, months: terms[0]! });
  const [payment, setPayment] = useState<Payment>(() =>
    monthlyPayment({ amount: DEFAULT_AMOUNT, aprPercent: 0, months: terms[0]! }),
  );
  const [problems, setProblems] = useState<PaymentProblems>({});
  const [awaitingApr, setAwaitingApr] = useState(false);
  const estimator = useEstimatorStatus();
  /** Something was typed in the APR box, or it was left empty with "Another APR" chosen. */
  const aprTouched = useRef(false);

  const update = (announce: boolean) => {
    const form = formRef.current;
    if (!form) return;
    const next = readInput(form, terms);
    const { aprPercent: aprProblem, ...others } = paymentProblems(next);
    const aprField = form.elements.namedItem('apr') as HTMLInputElement | null;
    const showApr = Boolean(aprProblem) && (aprTouched.current || Boolean(aprField?.value));
    const bad: PaymentProblems = showApr ? { ...others, aprPercent: aprProblem } : others;
    setProblems(bad);
    setAwaitingApr(Boolean(aprProblem) && !showApr);
    const first = Object.values(bad)[0] ?? (aprProblem ? 'Enter the APR to see a payment.' : undefined);
    if (first) {
      estimator.refuse(first, announce);
      return;
    }
    const result = monthlyPayment(next);
    setInput(next);
    setPayment(result);
    estimator.show(`Estimated payment: ${usdCents(result.monthly)} a month for ${next.months} months.`, announce);
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
  }, []);

  return { formRef, input, payment, problems, awaitingApr, aprTouched, update, ...estimator };
}
