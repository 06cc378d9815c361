/**
 * The /financing payment estimator's arithmetic: the standard
 * amortisation formula for a fixed-rate installment loan, and plain division
 * at 0% APR. Shared by the island and the page's no-JavaScript table.
 */

export const MIN_AMOUNT = 500;
export const MAX_AMOUNT = 500_000;
export const MAX_APR = 36;
export const MAX_TERM_MONTHS = 360;

export interface PaymentInput {
  amount: number;
  /** Annual percentage rate, in percent (7.5 for 7.5%). */
  aprPercent: number;
  months: number;
}

export interface Payment {
  /** Each month's payment, in cents-exact dollars. */
  monthly: number;
  /** Every payment added up. */
  total: number;
  /** What the loan costs beyond the amount borrowed. */
  interest: number;
}

/**
 * `P·r / (1 − (1 + r)^−n)` with `r` the monthly rate (APR ÷ 12) and `n` the
 * number of months; at 0% APR, `P / n`. Rounded to the cent.
 */
export function monthlyPayment({ amount, aprPercent, months }: PaymentInput): Payment {
  const r = aprPercent / 100 / 12;
  const exact = r === 0 ? amount / months : (amount * r) / (1 - (1 + r) ** -months);
  const monthly = Math.round(exact * 100) / 100;
  const total = Math.round(exact * months * 100) / 100;
  return { monthly, total, interest: Math.round((total - amount) * 100) / 100 };
}

/** Why these inputs cannot be estimated, by field, or an empty object when they can. */
export function paymentProblems(input: {
  amount: number;
  aprPercent: number;
  months: number;
}): Partial<Record<keyof PaymentInput, string>> {
  const problems: Partial<Record<keyof PaymentInput, string>> = {};
  if (!Number.isFinite(input.amount) || input.amount < MIN_AMOUNT || input.amount > MAX_AMOUNT) {
    problems.amount = `Enter an amount from ${usd(MIN_AMOUNT)} to ${usd(MAX_AMOUNT)}.`;
  }
  if (!Number.isFinite(input.aprPercent) || input.aprPercent < 0 || input.aprPercent > MAX_APR) {
    problems.aprPercent = `Enter an APR from 0 to ${MAX_APR} percent.`;
  }
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > MAX_TERM_MONTHS) {
    problems.months = 'Choose a term.';
  }
  return problems;
}

/** `$1,234.56`, cents always shown. */
export function usdCents(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function usd(value: number): string {
  return `$${value.toLocaleString('en-US')}`;
}

/** "60 months (5 years)". */
export function termLabel(months: number): string {
  if (months % 12 !== 0) return `${months} months`;
  const years = months / 12;
  return `${months} months (${years} year${years === 1 ? '' : 's'})`;
}
