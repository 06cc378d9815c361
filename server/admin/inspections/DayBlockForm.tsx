import { INSPECTIONS_API, type DayPartProps } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

/** The switch that blocks a day (with an optional reason) or opens it again, in place. */
export default function DayBlockForm({ view, day, saved }: DayPartProps) {
  const { form: state } = view;
  if (day.blocked) {
    return (
      <WorkbenchForm name={`unblock-${day.date}`} action={INSPECTIONS_API.unblock} state={state} savedText={saved('unblock')}>
        <input type="hidden" name="date" value={day.date} />
        <button type="submit" className="btn btn-outline">
          Open {day.label} again
        </button>
      </WorkbenchForm>
    );
  }
  return (
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
  );
}
