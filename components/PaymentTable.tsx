import { monthlyPayment, termLabel, usdCents } from '../lib/payment.ts';
import { useSheet } from './page-sheets.ts';

/** Amounts the table lists, in dollars. */
export const TABLE_AMOUNTS = [5_000, 10_000, 15_000, 20_000, 30_000] as const;

interface Props {
  id: string;
  terms: number[];
  termsConfirmed: boolean;
}

/**
 * Monthly payments at 0% APR as a table, for reading without JavaScript,
 * worked out by the estimator's own function.
 */
export default function PaymentTable({ id, terms, termsConfirmed }: Props) {
  useSheet('estimators');
  return (
    <section className="estimator-table" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payments at 0% APR</h2>
      <p>
        At 0% APR the monthly payment is the amount divided by the number of months. With an APR above zero, the standard formula
        is <i>P</i>·<i>r</i> ÷ (1 − (1 + <i>r</i>)
        <sup>
          −<i>n</i>
        </sup>
        ), where <i>P</i> is the amount, <i>r</i> the APR divided by 12 and <i>n</i> the number of months.
        {termsConfirmed ? '' : ' The terms in this table are placeholders the business has not confirmed yet.'}
      </p>
      <div className="table-scroll" role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
        <table id={id}>
          <caption>Monthly payment by amount and term at 0% APR{termsConfirmed ? '' : ' (placeholder terms)'}</caption>
          <thead>
            <tr>
              <th scope="col">Amount</th>
              {terms.map((months) => (
                <th scope="col" key={months}>
                  {termLabel(months)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TABLE_AMOUNTS.map((amount) => (
              <tr key={amount} data-amount={amount}>
                <th scope="row">{usdCents(amount).replace(/\.00$/, '')}</th>
                {terms.map((months) => (
                  <td key={months} data-months={months}>
                    {usdCents(monthlyPayment({ amount, aprPercent: 0, months }).monthly)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
