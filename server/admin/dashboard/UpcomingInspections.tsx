import type { DashboardView } from './view.ts';

/** How many of the next 14 days' inspections the dashboard lists; the calendar has the rest. */
export const UPCOMING_SHOWN = 5;

export default function UpcomingInspections({ view }: { view: DashboardView }) {
  const { upcoming } = view;
  const more = upcoming.length - UPCOMING_SHOWN;
  return (
    <section className="admin-section" aria-labelledby="upcoming-title">
      <h2 id="upcoming-title">Inspections in the next 14 days</h2>
      {upcoming.length ? (
        <ul className="admin-list">
          {upcoming.slice(0, UPCOMING_SHOWN).map((lead) => (
            <li key={lead.reference}>
              <a href={lead.href}>{lead.name}</a>: {lead.visit} ({lead.bookingLabel}), ZIP {lead.zip}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">No inspection is booked for the next 14 days.</p>
      )}
      <p>
        <a href={view.inspectionsPath}>{more > 0 ? `${more} more in the calendar` : 'The calendar'}</a>
      </p>
    </section>
  );
}
