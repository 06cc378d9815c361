import { QUICK_STATUSES, STATUS_LABELS, type LeadStatus } from '../../../lib/admin-leads.ts';
import { leadAction, type QuickSavedView } from './view.ts';

interface Props {
  reference: string;
  name: string;
  current: string;
  /** Where a plain post comes back to (the list, with its filters), or the lead's page when absent. */
  back?: string;
}

/**
 * One tap sets a lead's status: a plain form post whose buttons each name a status, which
 * the admin script sends with fetch and follows with an undo (server/admin/leads/enhance.ts).
 */
export default function QuickStatus({ reference, name, current, back }: Props) {
  return (
    <form
      method="post"
      action={leadAction(reference, 'status')}
      className="quick-status"
      data-quick-status=""
      data-lead-name={name}
    >
      <input type="hidden" name="was" value={current} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <div role="group" aria-label={`Set the status of ${name}`} className="quick-status-buttons">
        {QUICK_STATUSES.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            className="btn btn-small"
            aria-pressed={status === current}
          >
            {STATUS_LABELS[status as LeadStatus]}
          </button>
        ))}
      </div>
    </form>
  );
}

/** What a one-tap change says once saved, with its undo as a plain form (the script shows the same as a toast). */
export function QuickSaved({ saved, back }: { saved: QuickSavedView; back?: string }) {
  return (
    <div className="admin-toast" role="status" data-quick-saved="">
      <p>
        <strong>Saved at {saved.at}:</strong> {saved.name} is {saved.was ? 'now' : 'still'} {saved.label}.
      </p>
      {saved.was ? (
        <form method="post" action={leadAction(saved.reference, 'status')}>
          <input type="hidden" name="status" value={saved.was} />
          <input type="hidden" name="was" value={saved.status} />
          {back ? <input type="hidden" name="back" value={back} /> : null}
          <button type="submit" className="btn btn-small btn-outline">
            Undo: back to {saved.wasLabel}
          </button>
        </form>
      ) : null}
    </div>
  );
}
