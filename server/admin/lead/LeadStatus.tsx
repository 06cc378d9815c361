import { leadAction } from '../ui/view.ts';
import type { LeadDetailView } from './view.ts';
import LeadHistory from './LeadHistory.tsx';
import StatusForm from './StatusForm.tsx';

/** The lead's status and booking forms, and the history of their changes. */
export default function LeadStatus({ view, savedText }: { view: LeadDetailView; savedText: (name: string) => string | null }) {
  const { lead, form: state } = view;
  return (
    <section className="admin-section" aria-labelledby="status-title" id="status">
      <h2 id="status-title">Status</h2>
      <StatusForm
        name="status"
        action={leadAction(lead.reference, 'status')}
        state={state}
        savedText={savedText('status')}
        label="Status of this lead"
        hint="Each change is kept in the history below, with who made it and when."
        current={lead.status}
        options={view.statusOptions}
        submit="Save status"
      />
      {view.booking ? (
        <StatusForm
          name="booking"
          action={leadAction(lead.reference, 'booking')}
          state={state}
          savedText={savedText('booking')}
          label="Inspection booking"
          hint={`${lead.visit}. A cancelled booking frees its place for other visitors.`}
          current={view.booking.status}
          options={view.booking.options}
          submit="Save booking"
        />
      ) : null}
      <h3>History</h3>
      {/* Swapped for the stored history after a refusal that points to it (server/admin/browser/workbench-forms.ts). */}
      <div data-lead-history="">
        {view.history.length ? (
          <LeadHistory events={view.history} />
        ) : (
          <p className="admin-empty">No change yet: the lead is as it arrived.</p>
        )}
      </div>
    </section>
  );
}
