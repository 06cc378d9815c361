import { telHref } from '../../lib/site-facts.ts';

/** Beside an estimator's error: a visitor stuck on a figure can always call instead. */
export default function EstimatorCall({ phone }: { phone: string }) {
  return (
    <p className="estimator-call">
      Or call <a href={telHref(phone)}>{phone}</a>.
    </p>
  );
}
