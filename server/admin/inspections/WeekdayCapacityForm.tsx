import { ARRIVAL_WINDOWS, WINDOW_IDS } from '../../../lib/lead-schema.ts';
import { INSPECTIONS_API, type InspectionsPartProps } from './view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { OPEN_WEEKDAYS, weekdayField } from './weekday-form.ts';
import ColumnHeads from '../ui/ColumnHeads.tsx';

const NAME = 'weekday-capacity';

/** The usual bookings of each weekday's windows: a small table of number boxes, empty for the usual number. */
export default function WeekdayCapacityForm({ view, saved }: InspectionsPartProps) {
  const { form: state } = view;
  return (
    <WorkbenchForm name={NAME} action={INSPECTIONS_API.weekdayCapacity} state={state} savedText={saved(NAME)}>
      <table className="status-table weekday-capacity">
        <caption>
          <strong>Bookings by weekday</strong>
          <span className="field-hint" id="weekday-capacity-hint">
            Empty: the number above; 0: closed. A day’s own number comes first. Sundays stay closed.
          </span>
        </caption>
        <ColumnHeads columns={['Day', ...WINDOW_IDS.map((w) => ARRIVAL_WINDOWS[w].label)]} />
        <tbody>
          {OPEN_WEEKDAYS.map((d) => (
            <tr key={d.iso}>
              <th scope="row">{d.label}</th>
              {WINDOW_IDS.map((w) => {
                const field = weekdayField(d.iso, w);
                const current = view.weekdayCapacity[d.iso]?.[w];
                const problem = fieldProblem(state, NAME, field);
                return (
                  <td key={w}>
                    <input
                      name={field}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      className="capacity-input"
                      placeholder={String(view.defaultCapacity)}
                      aria-label={`${d.label} ${ARRIVAL_WINDOWS[w].label.toLowerCase()}`}
                      aria-describedby="weekday-capacity-hint"
                      aria-invalid={problem ? true : undefined}
                      defaultValue={typed(state, NAME, field, current === null || current === undefined ? '' : String(current))}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <SubmitButton>Save weekdays</SubmitButton>
    </WorkbenchForm>
  );
}
