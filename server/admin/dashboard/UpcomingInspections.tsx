import type { DashboardView } from '../../../lib/admin-view.ts';

export default function UpcomingInspections({ view }: { view: DashboardView }) {
  const { upcoming } = view;
  return (
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
  );
}
