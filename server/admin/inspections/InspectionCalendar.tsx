import { INSPECTIONS_API, type InspectionsPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm, { typed } from '../ui/WorkbenchForm.tsx';

export default function InspectionCalendar({ view }: { view: InspectionsPageView }) {
  const { form: state } = view;
  return (
    <section className="admin-section" aria-labelledby="calendar-title">
      <h2 id="calendar-title">The next 60 days</h2>
      <ol className="admin-calendar">
        {view.days.map((day) => (
          <li key={day.date} className={day.blocked ? 'calendar-day calendar-day-blocked' : 'calendar-day'} data-date={day.date}>
            <h3>{day.label}</h3>
            {day.blocked ? (
              <div className="calendar-blocked">
                <p>
                  Blocked{day.blocked.reason ? `: ${day.blocked.reason}` : ''}
                  {day.blocked.by ? ` (by @${day.blocked.by})` : ''}. No new bookings.
                </p>
                <WorkbenchForm name={`unblock-${day.date}`} action={INSPECTIONS_API.unblock} state={state}>
                  <input type="hidden" name="date" value={day.date} />
                  <button type="submit" className="btn btn-outline">
                    Open {day.label} again
                  </button>
                </WorkbenchForm>
              </div>
            ) : null}
            <div className="calendar-windows">
              {day.windows.map((w) => {
                const name = `capacity-${day.date}-${w.id}`;
                const inputId = `cap-${day.date}-${w.id}`;
                return (
                  <div key={w.id} className="calendar-window" data-window={w.id}>
                    <h4>
                      {w.label} <span className="field-hint">({w.hours})</span>
                    </h4>
                    <p data-places="">
                      {w.booked} booked,{' '}
                      {day.blocked ? 'blocked' : `${w.remaining} ${w.remaining === 1 ? 'place' : 'places'} left`}
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
                    <WorkbenchForm name={name} action={INSPECTIONS_API.capacity} state={state} className="capacity-form">
                      <input type="hidden" name="date" value={day.date} />
                      <input type="hidden" name="window" value={w.id} />
                      <label htmlFor={inputId}>
                        Capacity of {day.label}, {w.label.toLowerCase()}
                      </label>
                      <input
                        id={inputId}
                        name="capacity"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={100}
                        defaultValue={typed(state, name, 'capacity', String(w.capacity))}
                      />
                      <button type="submit" className="btn btn-outline">
                        Save
                      </button>
                    </WorkbenchForm>
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
