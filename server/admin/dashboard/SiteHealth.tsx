import type { DashboardView } from './view.ts';

export default function SiteHealth({ view }: { view: DashboardView }) {
  const { health } = view;
  return (
    <section className="admin-section" aria-labelledby="health-title">
      <h2 id="health-title">Site health</h2>
      <ul className="admin-list">
        <li data-health="smtp">
          {health.smtp
            ? 'Email: set up, so each lead is emailed to the office.'
            : 'Email sending is not set up yet. Leads are kept here, but none is emailed to the office until whoever runs the server sets up the email account and restarts it.'}
          {health.smtp ? null : (
            <details className="for-developer">
              <summary>For your developer</summary>
              <p>
                Set <code>SMTP_HOST</code> (and the account&rsquo;s other <code>SMTP_</code> settings) in the server&rsquo;s
                environment, then restart it.
              </p>
            </details>
          )}
        </li>
        <li data-health="tag-manager">
          {view.containerId ? `Tag manager: on, container ${view.containerId}.` : 'Tag manager: not set.'}{' '}
          <a href={`${view.settingsPath}#tag-manager`}>Change</a>
        </li>
        <li>
          {view.pixelOn ? 'Search-ranking script (SearchAtlas): on.' : 'Search-ranking script (SearchAtlas): off.'}{' '}
          <a href={`${view.settingsPath}#seo-pixel`}>Change</a>
        </li>
        <li>
          {view.notice?.showing ? `Storm notice: showing until ${view.notice.expiresText}.` : 'Storm notice: not showing.'}{' '}
          <a href={`${view.settingsPath}#site-notice`}>Change</a>
        </li>
      </ul>
      {health.placeholders.length ? (
        <details className="health-placeholders">
          <summary>Placeholders still in use ({health.placeholders.length})</summary>
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
        </details>
      ) : (
        <p data-health="placeholders">No placeholder is left: every business fact is filled in.</p>
      )}
    </section>
  );
}
