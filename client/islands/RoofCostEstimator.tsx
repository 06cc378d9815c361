import type { RoofPriceBook } from '../../lib/roof-estimate.ts';
import EstimatorSection from '../forms/EstimatorSection.tsx';
import RoofInputs from '../forms/RoofInputs.tsx';
import RoofResult from '../forms/RoofResult.tsx';
import { useRoofEstimate } from '../forms/use-roof-estimate.ts';

export interface RoofCostEstimatorProps {
  prices: RoofPriceBook;
  /** The consultation form's page; the estimate travels there in the address. */
  contactPath: string;
  /** Where the no-JavaScript table is, for the form's plain submission. */
  tableId: string;
  /** The office's phone (the business facts), offered beside an error. */
  phone: string;
}

/**
 * The /savannah-roof-cost estimator: size, pitch, stories, material and old
 * layers give a ballpark range from the figures file, with its basis. The
 * result's box keeps its size, so nothing moves when it changes.
 */
export default function RoofCostEstimator({ prices, contactPath, tableId, phone }: RoofCostEstimatorProps) {
  const estimate = useRoofEstimate(prices);
  return (
    <EstimatorSection
      titleId="roof-estimator-title"
      title="Roof cost estimator"
      caveat={
        <p className="estimator-caveat">
          <strong>Ballpark only, not a quote.</strong> The range comes from national cost guides, not Savannah prices, and cannot
          see your deck, flashing or access. <a href={`#${tableId}`}>The table after the guide</a> gives the same ranges at a
          glance, and works without JavaScript.
        </p>
      }
      noscriptTail=" gives the same ranges."
      tableId={tableId}
      formRef={estimate.formRef}
      onUpdate={() => estimate.update(true)}
      inputs={<RoofInputs prices={prices} basis={estimate.basis} problem={estimate.problem} phone={phone} />}
      result={
        <RoofResult
          resultRef={estimate.resultRef}
          result={estimate.result}
          prices={prices}
          problem={estimate.problem}
          reserved={estimate.reserved}
          contactPath={contactPath}
        />
      }
      status={estimate.status}
    />
  );
}
