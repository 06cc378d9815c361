import { INSPECTIONS_API, type CalendarDayView, type InspectionsPageView } from './view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';

/**
 * The day opened from the week: its bookings by window, one form for the day's capacity
 * (both windows) and the switch that blocks the day or opens it again, in place.
 */
export default function InspectionDay({
  view,
  day,
  saved,
}: {
  view: InspectionsPageView;
  day: CalendarDayView;
  saved: (name: string) => string | null;
}) {
  const { form: state } = view;
  const name = `day-capacity-${day.date}`;
  return (
    <section
      className={day.blocked ? 'admin-section calendar-day calendar-day-blocked' : 'admin-section calendar-day'}
      aria-labelledby="day-title"
      id="day"
      data-date={day.date}
    >
      <h2 id="day-title">{day.label}</h2>
      {day.blocked ? (
        <p>
          Blocked{day.blocked.reason ? `: ${day.blocked.reason}` : ''}
          {day.blocked.by ? ` (by @${day.blocked.by})` : ''}. No new bookings.
        </p>
      ) : null}
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
      <WorkbenchForm
        name={name}
        action={INSPECTIONS_API.dayCapacity}
        state={state}
        savedText={saved(name)}
        className="capacity-form"
      >
        <input type="hidden" name="date" value={day.date} />
        <fieldset className="capacity-fields">
          <legend>Bookings this day can take</legend>
          {day.windows.map((w) => {
            const id = `cap-${day.date}-${w.id}`;
            const error = fieldProblem(state, name, w.id);
            return (
              <div className="capacity-field" key={w.id}>
                <label htmlFor={id}>{w.label}</label>
                <input
                  id={id}
                  name={w.id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  className="capacity-input"
                  defaultValue={typed(state, name, w.id, String(w.capacity))}
                  aria-invalid={error ? true : undefined}
                />
              </div>
            );
          })}
          <button type="submit" className="btn btn-outline btn-small">
            Save
          </button>
        </fieldset>
      </WorkbenchForm>
      {day.blocked ? (
        <WorkbenchForm name={`unblock-${day.date}`} action={INSPECTIONS_API.unblock} state={state} savedText={saved('unblock')}>
          <input type="hidden" name="date" value={day.date} />
          <button type="submit" className="btn btn-outline">
            Open {day.label} again
          </button>
        </WorkbenchForm>
      ) : (
        <WorkbenchForm name={`block-${day.date}`} action={INSPECTIONS_API.block} state={state} className="block-day-form">
          <input type="hidden" name="date" value={day.date} />
          <div className="field">
            <label htmlFor={`block-reason-${day.date}`}>
              Reason <span className="field-need">(optional, for the office)</span>
            </label>
            <input id={`block-reason-${day.date}`} name="reason" type="text" maxLength={200} />
          </div>
          <button type="submit" className="btn btn-outline">
            Block {day.label}
          </button>
        </WorkbenchForm>
      )}
    </section>
  );
}
