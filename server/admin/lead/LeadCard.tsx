import { contactAction } from '../ui/view.ts';
import type { LeadDetailView } from './view.ts';
import FieldList from '../ui/FieldList.tsx';
import QuickStatus from '../ui/QuickStatus.tsx';

/**
 * Who the lead is, the ways to reach them (call; text only with their consent, else why not;
 * email; the address on a map), one tap to set the status, and every field they gave.
 */
export default function LeadCard({ view }: { view: LeadDetailView }) {
  const { lead } = view;
  const touchAction = contactAction(lead.reference);
  return (
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
      {lead.touch ? (
        <p data-touch-text="">
          {lead.touch.waiting ? (
            <strong className="lead-waiting">{lead.touch.text}: nobody has called, texted or set a status yet.</strong>
          ) : (
            `${lead.touch.text} from when it arrived.`
          )}
        </p>
      ) : null}
      <ul className="contact-actions">
        <li>
          <a className="btn btn-primary" href={lead.phoneHref} data-touch="call" data-touch-action={touchAction}>
            Call {lead.phone}
          </a>
        </li>
        {view.smsHref ? (
          <li>
            <a className="btn btn-outline" href={view.smsHref} data-touch="text" data-touch-action={touchAction}>
              Text {lead.phone}
            </a>
          </li>
        ) : null}
        {view.mailHref ? (
          <li>
            <a className="btn btn-outline" href={view.mailHref}>
              Email {lead.email}
            </a>
          </li>
        ) : null}
        {view.mapHref ? (
          <li>
            <a className="btn btn-outline" href={view.mapHref} target="_blank" rel="noopener noreferrer">
              Map: {view.mapText}
              <span className="visually-hidden"> (opens the maps app or a new tab)</span>
            </a>
          </li>
        ) : null}
      </ul>
      {view.noTextReason ? <p className="admin-note">{view.noTextReason}</p> : null}
      <h3 className="quick-status-title">Set the status</h3>
      <QuickStatus reference={lead.reference} name={lead.name} current={lead.status} />
      <FieldList fields={view.fields}>
        <div>
          <dt>Distance from the office</dt>
          <dd>{view.areaText}</dd>
        </div>
      </FieldList>
    </section>
  );
}
