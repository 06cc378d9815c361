import type { CalendarDayView } from './view.ts';

/** A day's arrival windows: what each has booked, the places left and who booked. */
export default function DayWindows({ day }: { day: CalendarDayView }) {
  return (
    <div className="calendar-windows">
      {day.windows.map((w) => (
        <div key={w.id} className="calendar-window" data-window={w.id}>
          <h3>
            {w.label} <span className="field-hint">({w.hours})</span>
          </h3>
          <p data-places="">
            {w.booked} booked, {day.blocked ? 'blocked' : `${w.remaining} ${w.remaining === 1 ? 'place' : 'places'} left`}
          </p>
          {w.bookings.length ? (
            <ul className="admin-list">
              {w.bookings.map((b) => (
                <li key={b.reference}>
                  <a href={b.href}>{b.name}</a> ({b.bookingLabel})
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </div>
  );
}
