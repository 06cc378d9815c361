import type { LeadDetailView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** How each notification of the lead fared, with a resend button. */
export default function LeadNotifications({ view, resentText }: { view: LeadDetailView; resentText: string }) {
  return (
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
                  state={view.form}
                  savedText={view.saved === `resend-${n.channel}` ? resentText : null}
                >
                  <SubmitButton outline>Send the {n.channelLabel.toLowerCase()} again</SubmitButton>
                </WorkbenchForm>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">Nobody was notified of this lead: it was caught as spam.</p>
      )}
    </section>
  );
}
