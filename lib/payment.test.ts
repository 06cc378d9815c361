import { describe, expect, it } from 'vitest';
import { monthlyPayment, paymentProblems, termLabel, usdCents } from './payment.ts';

describe('monthlyPayment', () => {
  it('divides the amount evenly over the months at 0% APR, so nothing is paid beyond it', () => {
    expect(monthlyPayment({ amount: 12_000, aprPercent: 0, months: 24 })).toEqual({ monthly: 500, total: 12_000, interest: 0 });
    expect(monthlyPayment({ amount: 10_000, aprPercent: 0, months: 36 }).monthly).toBe(277.78);
  });

  it('follows the amortisation formula for a positive APR', () => {
    // $10,000 over 60 months at 6%: the textbook payment is $193.33.
    const payment = monthlyPayment({ amount: 10_000, aprPercent: 6, months: 60 });
    expect(payment.monthly).toBe(193.33);
    expect(payment.total).toBeCloseTo(11_599.68, 1);
    expect(payment.interest).toBeCloseTo(1_599.68, 1);
  });

  it('pays the loan off exactly: the balance after the last payment is zero', () => {
    const input = { amount: 18_500, aprPercent: 9.99, months: 120 };
    const r = input.aprPercent / 1200;
    const exact = (input.amount * r) / (1 - (1 + r) ** -input.months);
    let balance = input.amount;
    for (let month = 0; month < input.months; month++) balance = balance * (1 + r) - exact;
    expect(Math.abs(balance)).toBeLessThan(1e-6);
    expect(monthlyPayment(input).monthly).toBe(Math.round(exact * 100) / 100);
  });

  it('costs more each month on a shorter term and more in total on a longer one', () => {
    const short = monthlyPayment({ amount: 15_000, aprPercent: 8, months: 36 });
    const long = monthlyPayment({ amount: 15_000, aprPercent: 8, months: 120 });
    expect(short.monthly).toBeGreaterThan(long.monthly);
    expect(long.total).toBeGreaterThan(short.total);
  });
});

describe('paymentProblems', () => {
  it('accepts 0% APR and names each bad field', () => {
    expect(paymentProblems({ amount: 10_000, aprPercent: 0, months: 12 })).toEqual({});
    expect(Object.keys(paymentProblems({ amount: 10, aprPercent: -1, months: 0.5 })).sort()).toEqual([
      'amount',
      'aprPercent',
      'months',
    ]);
    expect(paymentProblems({ amount: Number.NaN, aprPercent: 99, months: 12 })).toMatchObject({
      amount: expect.stringContaining('$500'),
      aprPercent: expect.stringContaining('36'),
    });
  });
});

describe('labels', () => {
  it('writes money with cents and terms with years', () => {
    expect(usdCents(1234.5)).toBe('$1,234.50');
    expect(termLabel(60)).toBe('60 months (5 years)');
    expect(termLabel(12)).toBe('12 months (1 year)');
    expect(termLabel(18)).toBe('18 months');
  });
});
