import type { LeadDetailView } from '../../../lib/admin-view.ts';
import FieldList from '../ui/FieldList.tsx';

/** Who the lead is and every field they gave, with tap-to-call, text and email. */
export default function LeadCard({ view }: { view: LeadDetailView }) {
  const { lead } = view;
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
      <FieldList fields={view.fields}>
        <div>
          <dt>Distance from the office</dt>
          <dd>{view.areaText}</dd>
        </div>
      </FieldList>
    </section>
  );
}
