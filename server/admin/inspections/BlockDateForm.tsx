import { INSPECTIONS_API, type InspectionsPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

/** Blocks one bookable date, with an optional reason the calendar shows. */
export default function BlockDateForm({ view, saved }: { view: InspectionsPageView; saved: (name: string) => string | null }) {
  const { form: state } = view;
  const blockDateError = fieldProblem(state, 'block', 'date');
  return (
    <WorkbenchForm name="block" action={INSPECTIONS_API.block} state={state} savedText={saved('block')}>
      <div className={blockDateError ? 'field field-invalid' : 'field'}>
        <label htmlFor="block-date">Block a date</label>
        <p className="field-hint" id="block-date-hint">
          A holiday or a storm day: the booking form refuses it and offers the next free windows. Bookings already made stay; call
          those customers.
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
      <SubmitButton>Block this date</SubmitButton>
    </WorkbenchForm>
  );
}
