import { leadAction } from '../ui/view.ts';
import type { LeadDetailView } from './view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import LeadHistory from './LeadHistory.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import AdminField from '../ui/AdminField.tsx';

/** The lead's notes and the form that adds one. */
export default function LeadNotes({ view, savedText }: { view: LeadDetailView; savedText: string | null }) {
  const { lead, form: state } = view;
  const noteError = fieldProblem(state, 'note', 'body');
  return (
    <section className="admin-section" aria-labelledby="notes-title" id="notes">
      <h2 id="notes-title">Notes</h2>
      {view.notes.length ? (
        <LeadHistory events={view.notes} />
      ) : (
        <p className="admin-empty">No notes yet. Notes are kept with your name and cannot be changed afterwards.</p>
      )}
      <WorkbenchForm name="note" action={leadAction(lead.reference, 'notes')} state={state} savedText={savedText}>
        <AdminField id="lead-note" name="body" label="Add a note" error={noteError}>
          <textarea
            id="lead-note"
            name="body"
            rows={3}
            maxLength={4000}
            defaultValue={typed(state, 'note', 'body')}
            aria-describedby="lead-note-error"
            aria-invalid={noteError ? true : undefined}
          />
        </AdminField>
        <SubmitButton>Add note</SubmitButton>
      </WorkbenchForm>
    </section>
  );
}
