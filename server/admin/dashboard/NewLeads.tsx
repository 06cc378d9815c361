import type { DashboardView } from './view.ts';

/** The newest leads, one line each (a new one stands out), refreshed by the admin script when a lead arrives. */
export default function NewLeads({ view }: { view: DashboardView }) {
  const { leads } = view;
  return (
    <section
      className="admin-section"
      aria-labelledby="new-leads-title"
      data-live="leads"
      data-latest-lead={leads.latestId}
      data-poll-ms={view.pollMs}
    >
      <h2 id="new-leads-title">New leads</h2>
      <p className="admin-figures">
        <span>
          <strong data-count="7">{leads.last7}</strong> in the last 7 days
        </span>
        <span>
          <strong data-count="30">{leads.last30}</strong> in the last 30 days
        </span>
      </p>
      <p data-first-touch="">{leads.firstTouchText}.</p>
      {leads.newest.length ? (
        <ul className="lead-lines">
          {leads.newest.map((lead) => (
            <li key={lead.reference} data-lead={lead.reference} className={lead.status === 'new' ? 'lead-is-new' : undefined}>
              <a href={lead.href}>{lead.name}</a>{' '}
              <span className={`lead-status lead-status-${lead.status}`}>{lead.statusLabel}</span>
              <span className="lead-line-meta">
                {lead.kind}
                {lead.visit ? `: ${lead.visit}` : ''} · <time dateTime={lead.receivedIso}>{lead.received}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">
          No leads yet. They arrive from the consultation form on the contact page and the inspection booking on every page, and
          show up here by themselves.
        </p>
      )}
      <p>
        <a href={view.leadsPath}>All leads</a>
      </p>
    </section>
  );
}
