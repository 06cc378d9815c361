import { INSPECTIONS_API, type InspectionsPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';

const SAVED: Record<string, string> = {
  'default-capacity': 'Saved: every window without its own number takes this many bookings.',
  capacity: 'Capacity saved.',
  block: 'Date blocked: the booking form now refuses it and offers the next free windows.',
  unblock: 'Date open again for bookings.',
};

/**
 * /admin/inspections (issue 10): the next 60 days by day and arrival window with
 * bookings and places left, the capacity of each window, and blocked dates.
 */
export default function InspectionsPanel(view: InspectionsPageView) {
  const { form: state } = view;
  const saved = (name: string) => (view.saved === name ? SAVED[name] : null);
  const blockDateError = fieldProblem(state, 'block', 'date');
  return (
    <>
      <section className="admin-section" aria-labelledby="capacity-title">
        <h2 id="capacity-title">Capacity and blocked dates</h2>
        <WorkbenchForm
          name="default-capacity"
          action={INSPECTIONS_API.defaultCapacity}
          state={state}
          savedText={saved('default-capacity')}
        >
          <div className="field">
            <label htmlFor="default-capacity">Bookings per arrival window</label>
            <p className="field-hint" id="default-capacity-hint">
              How many inspections the crew can take in a morning or an afternoon, unless a window below says otherwise.
            </p>
            <input
              id="default-capacity"
              name="capacity"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              required
              defaultValue={typed(state, 'default-capacity', 'capacity', String(view.defaultCapacity))}
              aria-describedby="default-capacity-hint"
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Save capacity
            </button>
          </div>
        </WorkbenchForm>
        <WorkbenchForm name="block" action={INSPECTIONS_API.block} state={state} savedText={saved('block')}>
          <div className={blockDateError ? 'field field-invalid' : 'field'}>
            <label htmlFor="block-date">Block a date</label>
            <p className="field-hint" id="block-date-hint">
              A holiday or a storm day: the booking form refuses it and offers the next free windows. Bookings already made stay;
              call those customers.
            </p>
            <input
              id="block-date"
              name="date"
              type="date"
              min={view.firstDate}
              max={view.lastDate}
              required
              defaultValue={typed(state, 'block', 'date')}
              aria-describedby="block-date-hint block-date-error"
              aria-invalid={blockDateError ? true : undefined}
            />
            <p className="field-error" id="block-date-error" data-field-error="date" hidden={!blockDateError}>
              {blockDateError}
            </p>
          </div>
          <div className="field">
            <label htmlFor="block-reason">
              Reason <span className="field-need">(optional, for the office)</span>
            </label>
            <input id="block-reason" name="reason" type="text" maxLength={200} defaultValue={typed(state, 'block', 'reason')} />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Block this date
            </button>
          </div>
        </WorkbenchForm>
        {view.saved === 'unblock' ? (
          <p className="form-status" role="status">
            {SAVED.unblock}
          </p>
        ) : null}
      </section>

      <section className="admin-section" aria-labelledby="calendar-title">
        <h2 id="calendar-title">The next 60 days</h2>
        <ol className="admin-calendar">
          {view.days.map((day) => (
            <li
              key={day.date}
              className={day.blocked ? 'calendar-day calendar-day-blocked' : 'calendar-day'}
              data-date={day.date}
            >
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
    </>
  );
}
