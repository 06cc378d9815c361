import { INSPECTIONS_API, type InspectionsPartProps } from './view.ts';
import WorkbenchForm, { typed } from '../ui/WorkbenchForm.tsx';
import BlockDateForm from './BlockDateForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import WeekdayCapacityForm from './WeekdayCapacityForm.tsx';

/** The bookings each arrival window takes, and the dates closed to bookings. */
export default function InspectionCapacity({ view, saved }: InspectionsPartProps) {
  const { form: state } = view;
  return (
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
            How many inspections the crew can take in a morning or an afternoon, unless a weekday or a day says otherwise.
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
        <SubmitButton>Save capacity</SubmitButton>
      </WorkbenchForm>
      <WeekdayCapacityForm view={view} saved={saved} />
      <BlockDateForm view={view} saved={saved} />
      {view.saved === 'unblock' ? (
        <p className="form-status" role="status">
          {saved('unblock')}
        </p>
      ) : null}
    </section>
  );
}
