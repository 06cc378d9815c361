import type { DashboardView } from '../../../lib/admin-view.ts';
import LeadsTable from '../ui/LeadsTable.tsx';

/**
 * The dashboard (issue 10 "/admin"): new leads, upcoming inspections, notifications
 * not delivered, recent reports, web vitals and the site's health. The new-leads
 * card is refreshed by the admin script when a lead arrives (`data-live`).
 */
export default function Dashboard(view: DashboardView) {
  const { leads, upcoming, notifications, reports, vitals, health } = view;
  return (
    <>
      <p>Welcome, {view.user.name ?? view.user.login}.</p>
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
        {leads.newest.length ? (
          <LeadsTable leads={leads.newest} caption="The newest leads" />
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

      <section className="admin-section" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Inspections in the next 14 days</h2>
        {upcoming.length ? (
          <ul className="admin-list">
            {upcoming.map((lead) => (
              <li key={lead.reference}>
                <a href={lead.href}>{lead.name}</a>: {lead.visit} ({lead.bookingLabel}), ZIP {lead.zip}
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No inspection is booked for the next 14 days.</p>
        )}
        <p>
          <a href={view.inspectionsPath}>The calendar</a>
        </p>
      </section>

      <section className="admin-section" aria-labelledby="unsent-title">
        <h2 id="unsent-title">Notifications not delivered</h2>
        {notifications.length ? (
          <ul className="admin-list">
            {notifications.map((n) => (
              <li key={`${n.reference}-${n.channelLabel}`}>
                <a href={n.href}>{n.name}</a>: {n.channelLabel} {n.state}, {n.attempts}{' '}
                {n.attempts === 1 ? 'attempt' : 'attempts'}. {n.reason}
                {n.nextAttempt ? ` Next try ${n.nextAttempt}.` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">Every lead notification has been delivered.</p>
        )}
      </section>

      <section className="admin-section" aria-labelledby="reports-recent-title">
        <h2 id="reports-recent-title">Recent error reports</h2>
        {reports.length ? (
          <ul className="admin-list">
            {reports.map((r, i) => (
              <li key={i}>
                {r.when}, {r.kind}: {r.message}
                {r.url ? ` (${r.url})` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No error reports: no visitor has hit an error or reported a problem.</p>
        )}
        <p>
          <a href={view.errorsPath}>All error reports and pages not found</a>
        </p>
      </section>

      <section className="admin-section" aria-labelledby="vitals-title">
        <h2 id="vitals-title">Page speed for visitors (last 28 days)</h2>
        {vitals.shown.length ? (
          <table className="status-table admin-table">
            <caption>
              Per page, three visits in four were at least this fast. Good is content shown within 2.5 s, a tap answered within
              0.2 s and a layout shift under 0.1 (Google’s Core Web Vitals: LCP, INP and CLS). Pages slower than that come first,
              then the most visited.
            </caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Content shown (LCP)</th>
                <th scope="col">Tap answered (INP)</th>
                <th scope="col">Layout shift (CLS)</th>
                <th scope="col">Visits</th>
              </tr>
            </thead>
            <tbody>
              {vitals.shown.map((row) => (
                <tr key={row.page}>
                  <th scope="row" data-label="Page">
                    {row.page}
                  </th>
                  <td data-label="Shown">{row.lcp}</td>
                  <td data-label="Tap">{row.inp}</td>
                  <td data-label="Shift">{row.cls}</td>
                  <td data-label="Visits">{row.samples}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="admin-empty">
            No measurements yet. Visitors’ browsers send them as pages are used; the figures appear within a day of real visits.
          </p>
        )}
        {vitals.more ? (
          <p>
            {vitals.more} more {vitals.more === 1 ? 'page was' : 'pages were'} measured.{' '}
            {vitals.moreSlow
              ? `${vitals.moreSlow} of them ${vitals.moreSlow === 1 ? 'is' : 'are'} slower than good too.`
              : 'All of them are within the good limits.'}
          </p>
        ) : null}
      </section>

      <section className="admin-section" aria-labelledby="health-title">
        <h2 id="health-title">Site health</h2>
        <ul className="admin-list">
          <li data-health="smtp">
            {health.smtp
              ? 'Email: set up, so each lead is emailed to the office.'
              : 'Email: not set up. Leads are kept here, but none is emailed to the office until whoever runs the server sets up the email account (SMTP_HOST) and restarts it.'}
          </li>
          <li data-health="tag-manager">
            {view.containerId ? `Tag manager: on, container ${view.containerId}.` : 'Tag manager: not set.'}{' '}
            <a href={`${view.settingsPath}#tag-manager`}>Change</a>
          </li>
          <li>
            {view.pixelOn ? 'SEO pixel: on.' : 'SEO pixel: off.'} <a href={`${view.settingsPath}#seo-pixel`}>Change</a>
          </li>
          <li>
            {view.notice?.showing ? `Storm notice: showing until ${view.notice.expiresText}.` : 'Storm notice: not showing.'}{' '}
            <a href={`${view.settingsPath}#site-notice`}>Change</a>
          </li>
        </ul>
        {health.placeholders.length ? (
          <>
            <h3>Placeholders still in use ({health.placeholders.length})</h3>
            <ul className="admin-list" data-health="placeholders">
              {health.placeholders.map((p) => (
                <li key={p.field}>
                  “{p.value}”: {p.why} <small>({p.field})</small>
                </li>
              ))}
            </ul>
            <p>
              Tell whoever looks after the website which of these are right, or what they should say. They are changed in one file
              and show on the site after the next build.
            </p>
          </>
        ) : (
          <p data-health="placeholders">No placeholder is left: every business fact is filled in.</p>
        )}
      </section>
    </>
  );
}
