import type { DashboardView } from './view.ts';

export default function RecentReports({ view }: { view: DashboardView }) {
  const { reports } = view;
  return (
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
  );
}
