import { INSPECTIONS_API, type InspectionsPartProps } from './view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import AdminField from '../ui/AdminField.tsx';

/** Blocks one bookable date, with an optional reason the calendar shows. */
export default function BlockDateForm({ view, saved }: InspectionsPartProps) {
  const { form: state } = view;
  const blockDateError = fieldProblem(state, 'block', 'date');
  return (
    <WorkbenchForm name="block" action={INSPECTIONS_API.block} state={state} savedText={saved('block')}>
      <AdminField
        id="block-date"
        name="date"
        label="Block a date"
        hint="A holiday or a storm day: the booking form refuses it and offers the next free windows. Bookings already made stay; call those customers."
        error={blockDateError}
      >
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
      </AdminField>
      <div className="field">
        <label htmlFor="block-reason">
          Reason <span className="field-need">(optional, for the office)</span>
        </label>
        <input id="block-reason" name="reason" type="text" maxLength={200} defaultValue={typed(state, 'block', 'reason')} />
      </div>
      <SubmitButton>Block this date</SubmitButton>
    </WorkbenchForm>
  );
}
