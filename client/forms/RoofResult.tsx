import type { RefObject } from 'react';
import {
  consultationHrefWith,
  estimateOf,
  usdRange,
  type RoofEstimateResult,
  type RoofPriceBook,
  type SqFtPrice,
} from '../../lib/roof-estimate.ts';

interface Props {
  resultRef: RefObject<HTMLDivElement | null>;
  result: RoofEstimateResult;
  prices: RoofPriceBook;
  /** What is wrong with the size, or null. */
  problem: string | null;
  /** The height kept while there is no range. */
  reserved: number | undefined;
  /** The consultation form's page; the estimate travels there in the address. */
  contactPath: string;
}

const pricePerSquareFoot = (price: SqFtPrice) =>
  `${[price.low, price.high].map((v) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).join('–')} per square foot`;

/** The roof estimator's result: the range, its basis and notes, and the hand-off to a consultation request. */
export default function RoofResult({ resultRef, result, prices, problem, reserved, contactPath }: Props) {
  const { cost, area, decking, notes } = result;
  const price = prices.materials[result.input.material];
  return (
    <div className="estimator-result" ref={resultRef} style={problem ? { minHeight: reserved } : undefined}>
      <h3 id="roof-result-title">Your ballpark</h3>
      {problem ? (
        // No figure and no hand-off while the size is wrong: the last range would describe another roof.
        <p className="estimator-figure estimator-pending" data-testid="roof-range">
          Fix the size above to see a range.
        </p>
      ) : (
        <>
          {cost ? (
            <p className="estimator-figure" data-testid="roof-range">
              {usdRange(cost)}
            </p>
          ) : (
            <p className="estimator-figure estimator-unpriced" data-testid="roof-range">
              Not priced
            </p>
          )}
          <p className="estimator-basis">
            {cost && price ? (
              <>
                {area.low.toLocaleString('en-US')}–{area.high.toLocaleString('en-US')} sq ft of roof × {pricePerSquareFoot(price)}{' '}
                installed, from <strong>{cost.basis}</strong> (national figures).
              </>
            ) : (
              <>
                {area.low.toLocaleString('en-US')}–{area.high.toLocaleString('en-US')} sq ft of roof.
              </>
            )}
          </p>
          {decking ? (
            <p className="estimator-extra">
              If the deck under it must be replaced, add {usdRange(decking)} ({decking.basis}).
            </p>
          ) : null}
          {notes.length ? (
            <ul className="estimator-notes">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          <p className="estimator-handoff">
            <a className="btn btn-primary" href={consultationHrefWith(estimateOf(result), contactPath)}>
              Send this estimate with a free consultation request
            </a>
          </p>
        </>
      )}
    </div>
  );
}
