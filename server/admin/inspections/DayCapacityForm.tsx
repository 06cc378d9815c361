import { INSPECTIONS_API, type DayPartProps } from './view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';

/** One form for the bookings a day can take, both windows. */
export default function DayCapacityForm({ view, day, saved }: DayPartProps) {
  const { form: state } = view;
  const name = `day-capacity-${day.date}`;
  return (
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
  );
}
