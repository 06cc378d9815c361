import { estimateRows, type RoofEstimate } from '../../lib/roof-estimate.ts';

interface Props {
  idPrefix: string;
  estimate: RoofEstimate | null;
  error?: string;
  onRemove: () => void;
}

/**
 * The roof estimate a visitor brings from /savannah-roof-cost: shown
 * in the consultation form, sent with it as a hidden field, and removable.
 */
export default function EstimateHandoff({ idPrefix, estimate, error, onRemove }: Props) {
  if (!estimate && !error) return null;
  const id = `${idPrefix}-estimate`;
  return (
    <div
      className={`estimate-handoff${error ? ' field-invalid' : ''}`}
      data-field="estimate"
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <p className="estimate-handoff-title" id={`${id}-title`}>
        {estimate ? 'Your roof estimate goes with this request' : 'Roof estimate'}
      </p>
      {estimate ? (
        <>
          <dl className="estimate-handoff-list">
            {estimateRows(estimate).map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <p className="form-note">A ballpark from national figures, not a quote; the office uses it to prepare.</p>
          <input type="hidden" name="estimate" value={JSON.stringify(estimate)} />
        </>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn-outline" onClick={onRemove}>
        Remove the estimate
      </button>
    </div>
  );
}
