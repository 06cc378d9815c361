import type { EventView, LeadDetailView } from '../../../lib/admin-view.ts';
import { leadAction } from '../../../lib/admin-view.ts';
import StatusForm from './StatusForm.tsx';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';

const SAVED: Record<string, string> = {
  status: 'Status saved.',
  booking: 'Booking status saved.',
  note: 'Note added.',
  resend: 'Sending again now.',
};

function History({ events }: { events: EventView[] }) {
  return (
    <ol className="admin-timeline">
      {events.map((event) => (
        <li key={event.id}>
          <p>
            {event.text} by <strong>{event.who}</strong>, <time dateTime={event.whenIso}>{event.when}</time>
          </p>
          {event.body ? <p className="admin-note-body">{event.body}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * One lead (issue 10 "/admin/leads", detail): every field the visitor gave, the
 * distance and attribution, tap-to-call, text and email, the status and booking
 * with who changed them, notes, and each notification's delivery with a resend.
 */
export default function LeadDetail(view: LeadDetailView) {
  const { lead, form: state } = view;
  const savedText = (name: string) => (view.saved === name ? SAVED[name] : null);
  const noteError = fieldProblem(state, 'note', 'body');
  return (
    <>
      <p>
        <a href={view.backHref}>Back to the leads</a>
      </p>
      <section className="admin-section" aria-labelledby="lead-title">
        <h2 id="lead-title">
          {lead.name} <span className="lead-ref">{lead.reference}</span>
        </h2>
        <p>
          {lead.kind}, received <time dateTime={lead.receivedIso}>{lead.received}</time>.{' '}
          <span className={`lead-status lead-status-${lead.status}`} data-lead-status="">
            {lead.statusLabel}
          </span>
        </p>
        <ul className="contact-actions">
          <li>
            <a className="btn btn-primary" href={lead.phoneHref}>
              Call {lead.phone}
            </a>
          </li>
          <li>
            <a className="btn btn-outline" href={view.smsHref}>
              Text {lead.phone}
            </a>
          </li>
          {view.mailHref ? (
            <li>
              <a className="btn btn-outline" href={view.mailHref}>
                Email {lead.email}
              </a>
            </li>
          ) : null}
        </ul>
        <dl className="admin-fields">
          {view.fields.map((field) => (
            <div key={field.label}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
          <div>
            <dt>Distance from the office</dt>
            <dd>{view.areaText}</dd>
          </div>
        </dl>
      </section>

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
            <History events={view.history} />
          ) : (
            <p className="admin-empty">No change yet: the lead is as it arrived.</p>
          )}
        </div>
      </section>

      <section className="admin-section" aria-labelledby="notes-title" id="notes">
        <h2 id="notes-title">Notes</h2>
        {view.notes.length ? (
          <History events={view.notes} />
        ) : (
          <p className="admin-empty">No notes yet. Notes are kept with your name and cannot be changed afterwards.</p>
        )}
        <WorkbenchForm name="note" action={leadAction(lead.reference, 'notes')} state={state} savedText={savedText('note')}>
          <div className={noteError ? 'field field-invalid' : 'field'}>
            <label htmlFor="lead-note">Add a note</label>
            <textarea
              id="lead-note"
              name="body"
              rows={3}
              maxLength={4000}
              defaultValue={typed(state, 'note', 'body')}
              aria-describedby="lead-note-error"
              aria-invalid={noteError ? true : undefined}
            />
            <p className="field-error" id="lead-note-error" data-field-error="body" hidden={!noteError}>
              {noteError}
            </p>
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Add note
            </button>
          </div>
        </WorkbenchForm>
      </section>

      <section className="admin-section" aria-labelledby="delivery-title" id="delivery">
        <h2 id="delivery-title">Notifications</h2>
        {view.notifications.length ? (
          <ul className="admin-list">
            {view.notifications.map((n) => (
              <li key={n.channel} data-channel={n.channel}>
                <h3>{n.channelLabel}</h3>
                <p data-delivery-state="">
                  {n.stateText} {n.attempts} {n.attempts === 1 ? 'attempt' : 'attempts'}
                  {n.lastAttempt ? `, the last ${n.lastAttempt}` : ''}.{n.nextAttempt ? ` Next try ${n.nextAttempt}.` : ''}
                </p>
                {n.problem ? <p className="admin-error-text">{n.problem}</p> : null}
                {n.lastError ? (
                  <details>
                    <summary>The error as it came back, for whoever runs the server</summary>
                    <code>{n.lastError}</code>
                  </details>
                ) : null}
                {n.canResend ? (
                  <WorkbenchForm
                    name={`resend-${n.channel}`}
                    action={n.resendAction}
                    state={state}
                    savedText={view.saved === `resend-${n.channel}` ? SAVED.resend : null}
                  >
                    <div className="form-actions">
                      <button type="submit" className="btn btn-outline">
                        Send the {n.channelLabel.toLowerCase()} again
                      </button>
                    </div>
                  </WorkbenchForm>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">Nobody was notified of this lead: it was caught as spam.</p>
        )}
      </section>

      <section className="admin-section" aria-labelledby="attribution-title">
        <h2 id="attribution-title">Where the visitor came from</h2>
        {view.attribution.length ? (
          <dl className="admin-fields">
            {view.attribution.map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="admin-empty">The browser said nothing about the page or campaign the visitor came from.</p>
        )}
      </section>
    </>
  );
}
