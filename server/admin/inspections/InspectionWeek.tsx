import type { InspectionsPageView } from './view.ts';
import Pager from '../ui/Pager.tsx';
import ColumnHeads from '../ui/ColumnHeads.tsx';

/** One week of bookable days by arrival window: bookings and places left; a day opens its bookings below. */
export default function InspectionWeek({ view }: { view: InspectionsPageView }) {
  return (
    <section className="admin-section" aria-labelledby="week-title">
      <h2 id="week-title">{view.weekLabel}</h2>
      {view.days.length ? (
        <table className="status-table calendar-week">
          <caption>Bookings and places left; choose a day to see its bookings and change it.</caption>
          <ColumnHeads columns={['Day', ...view.days[0]!.windows.map((w) => w.label)]} />
          <tbody>
            {view.days.map((day) => (
              <tr
                key={day.date}
                data-date={day.date}
                className={
                  [
                    day.blocked || day.closed ? 'calendar-day-blocked' : '',
                    day.date === view.day?.date ? 'calendar-day-open' : '',
                  ]
                    .join(' ')
                    .trim() || undefined
                }
              >
                <th scope="row">
                  <a href={view.dayHrefs[day.date]} aria-current={day.date === view.day?.date ? 'date' : undefined}>
                    {day.label.replace(
                      /^(\w+), (\w+) /,
                      (_, weekday: string, month: string) => `${weekday.slice(0, 3)}, ${month.slice(0, 3)} `,
                    )}
                  </a>
                </th>
                {day.windows.map((w) =>
                  day.blocked || day.closed ? (
                    <td key={w.id} data-window={w.id}>
                      {day.blocked ? 'Blocked' : 'Closed'}
                    </td>
                  ) : (
                    <td key={w.id} data-window={w.id} className={w.remaining === 0 ? 'calendar-full' : undefined}>
                      <strong>{w.booked}</strong> booked
                      <br />
                      {w.remaining} left
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-empty">No day of this week can be booked.</p>
      )}
      <Pager
        label="Weeks"
        prev={{ href: view.prevWeekHref, text: 'Earlier week' }}
        next={{ href: view.nextWeekHref, text: 'Later week' }}
        buttonClass="btn btn-outline btn-small"
      />
    </section>
  );
}
