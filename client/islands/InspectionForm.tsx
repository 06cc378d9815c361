import { useEffect } from 'react';
import type { LeadFormProps } from '../../lib/form-props.ts';
import { addDays, BOOKING_HORIZON_DAYS, formatDateLong } from '../../lib/lead-schema.ts';
import ChoiceGroup from '../forms/ChoiceGroup.tsx';
import ContactFields from '../forms/ContactFields.tsx';
import Field from '../forms/Field.tsx';
import { LEAD_FIELDS } from '../forms/field-specs.ts';
import JobDetails from '../forms/JobDetails.tsx';
import LeadFormShell from '../forms/LeadFormShell.tsx';
import SlotOffers from '../forms/SlotOffers.tsx';
import { useBookingCalendar } from '../forms/use-booking-calendar.ts';
import { useLeadForm } from '../forms/use-lead-form.ts';

/**
 * Free roof inspection booking: on /contact#book-inspection and in the
 * appointment popup (`idPrefix` keeps ids apart). A date from tomorrow to +60
 * days except Sundays, in the office's time zone, and a morning or afternoon
 * window; full windows are shown as full, and a refused one, or a day with no
 * window left, offers the next free windows. Success opens /appointment-scheduled.
 */
export default function InspectionForm(props: LeadFormProps) {
  const form = useLeadForm('inspection', props, {
    selfValidated: ['preferredDate'],
    onSlot: (chosen) => calendar.onDateChange(chosen),
  });
  const calendar = useBookingCalendar(props, form.setErrors);
  const { date, today } = calendar;

  useEffect(() => {
    if (form.alternatives.length > 0) calendar.reloadWindows();
  }, [form.alternatives]);

  return (
    <LeadFormShell
      kind="inspection"
      idPrefix={props.idPrefix}
      values={props.values ?? {}}
      focusField={props.focusField}
      form={form}
      phone={props.office.phone}
      submitLabel="Request my inspection"
      note={<p className="form-note">A booking is a request: the office calls to confirm the day and the window.</p>}
      after={
        form.alternatives.length > 0 ? (
          <SlotOffers
            idPrefix={props.idPrefix}
            offers={form.alternatives}
            sending={form.sending}
            focusFirst={props.focusField === 'slot'}
          />
        ) : null
      }
    >
      <div className="form-grid">
        <ContactFields phoneHint="We call to confirm the visit." />
        <Field {...LEAD_FIELDS.streetAddress} />
        <Field {...LEAD_FIELDS.zip} />
        <Field
          {...LEAD_FIELDS.preferredDate}
          min={today ? addDays(today, 1) : undefined}
          max={today ? addDays(today, BOOKING_HORIZON_DAYS) : undefined}
          onChange={calendar.onDateChange}
        >
          {date && !form.errors.preferredDate && formatDateLong(date) !== date ? (
            <p className="field-echo">{formatDateLong(date)}</p>
          ) : null}
        </Field>
      </div>
      <ChoiceGroup
        name="preferredWindow"
        legend="Arrival window"
        required
        choices={calendar.windows}
        hint={calendar.bothFull ? 'No window is free on that day.' : 'Times are Savannah time.'}
      >
        {calendar.offers.length > 0 && form.alternatives.length === 0 ? (
          <SlotOffers
            idPrefix={`${props.idPrefix}-day`}
            offers={calendar.offers}
            sending={form.sending}
            focusFirst={false}
            title="Book one of the next free windows instead:"
            onPick={(offer) => form.pickSlot(offer.date, offer.window)}
          />
        ) : null}
      </ChoiceGroup>
      <JobDetails services={form.services} />
    </LeadFormShell>
  );
}
