import { useEffect, useState } from 'react';
import type { FormOptions, LeadFormProps } from '../../lib/form-props.ts';
import {
  addDays,
  ARRIVAL_WINDOWS,
  BOOKING_HORIZON_DAYS,
  bookingDateProblem,
  formatDateLong,
  LEAD_FIELD_MAX,
  officeToday,
  WINDOW_IDS,
} from '../../lib/lead-schema.ts';
import ChoiceGroup from '../forms/ChoiceGroup.tsx';
import ContactFields, { textValue } from '../forms/ContactFields.tsx';
import LeadFormShell from '../forms/LeadFormShell.tsx';
import Field from '../forms/Field.tsx';
import { loadFormOptions } from '../forms/form-options.ts';
import Honeypot from '../forms/Honeypot.tsx';
import JobDetails from '../forms/JobDetails.tsx';
import SendFailure from '../forms/SendFailure.tsx';
import { useLeadForm } from '../forms/use-lead-form.ts';

/**
 * Free roof inspection booking (DECISIONS.md "Booking"): on /contact#book-inspection
 * and in the appointment popup (`idPrefix` keeps ids apart). A date from tomorrow
 * to +60 days except Sundays, in the office's time zone, and a morning or
 * afternoon window; full windows are shown as full, and a refused one offers the
 * next free windows. Success opens /appointment-scheduled.
 */
export default function InspectionForm(props: LeadFormProps) {
  const { idPrefix, values = {} } = props;
  const form = useLeadForm('inspection', props, {
    selfValidated: ['preferredDate'],
    onSlot: (chosen) => onDateChange(chosen),
  });
  const { errors, setErrors } = form;
  const [date, setDate] = useState(textValue(values, 'preferredDate'));
  const [today, setToday] = useState<string | null>(props.today ?? null);
  const [options, setOptions] = useState<FormOptions | null>(null);
  const focus = (name: string) => (props.focusField === name ? true : undefined);

  useEffect(() => {
    if (!today) setToday(officeToday(new Date(), props.office.timeZone));
    void loadFormOptions().then((loaded) => {
      if (!loaded) return;
      setOptions(loaded);
      // The server's calendar decides; a visitor's wrong clock must not move "tomorrow".
      setToday(loaded.today);
    });
  }, []);

  useEffect(() => {
    if (form.alternatives.length > 0) void loadFormOptions().then((loaded) => loaded && setOptions(loaded));
  }, [form.alternatives]);

  const onDateChange = (value: string) => {
    setDate(value);
    const problem = value ? bookingDateProblem(value, new Date(), props.office.timeZone) : null;
    setErrors((current) => {
      const { preferredDate: _old, ...rest } = current;
      return problem ? { ...rest, preferredDate: problem } : rest;
    });
  };

  const day = options?.days.find((d) => d.date === date);
  const choices = WINDOW_IDS.map((id) => {
    const window = ARRIVAL_WINDOWS[id];
    const slot = day?.windows[id];
    const full = slot !== undefined && slot.remaining === 0;
    const note = !slot ? `(${window.hours})` : full ? `(${window.hours}): full` : `(${window.hours}): ${slot.remaining} left`;
    return { value: id, label: window.label, note, disabled: full };
  });
  const bothFull = choices.every((choice) => choice.disabled);

  return (
    <LeadFormShell kind="inspection" idPrefix={idPrefix} values={values} form={form} phone={props.office.phone}>
      <div className="form-grid">
        <ContactFields
          idPrefix={idPrefix}
          values={values}
          errors={errors}
          focus={focus}
          phoneHint="We call to confirm the visit."
        />
        <Field
          idPrefix={idPrefix}
          name="streetAddress"
          label="Street address of the property"
          required
          autoComplete="address-line1"
          maxLength={LEAD_FIELD_MAX.streetAddress}
          defaultValue={textValue(values, 'streetAddress')}
          error={errors.streetAddress}
          autoFocus={focus('streetAddress')}
        />
        <Field
          idPrefix={idPrefix}
          name="zip"
          label="ZIP code"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={LEAD_FIELD_MAX.zip}
          defaultValue={textValue(values, 'zip')}
          error={errors.zip}
          autoFocus={focus('zip')}
        />
        <Field
          idPrefix={idPrefix}
          name="preferredDate"
          label="Preferred date"
          type="date"
          required
          min={today ? addDays(today, 1) : undefined}
          max={today ? addDays(today, BOOKING_HORIZON_DAYS) : undefined}
          hint={`Monday to Saturday, from tomorrow up to ${BOOKING_HORIZON_DAYS} days ahead.`}
          defaultValue={textValue(values, 'preferredDate')}
          error={errors.preferredDate}
          autoFocus={focus('preferredDate')}
          onChange={onDateChange}
        >
          {date && !errors.preferredDate && formatDateLong(date) !== date ? (
            <p className="field-echo">{formatDateLong(date)}</p>
          ) : null}
        </Field>
      </div>
      <ChoiceGroup
        idPrefix={idPrefix}
        name="preferredWindow"
        legend="Arrival window"
        required
        choices={choices}
        defaultValue={textValue(values, 'preferredWindow')}
        hint={bothFull ? 'Both windows are full on that day: please pick another date.' : 'Times are Savannah time.'}
        error={errors.preferredWindow}
        autoFocus={focus('preferredWindow')}
      />
      <JobDetails idPrefix={idPrefix} services={form.services} values={values} errors={errors} focusField={props.focusField} />
      <Honeypot idPrefix={idPrefix} />
      {form.failure ? (
        <SendFailure ref={form.failureRef} message={form.failure} phone={props.office.phone} smsBody={form.smsBody} />
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.sending}>
          {form.sending ? 'Sending…' : 'Request my inspection'}
        </button>
        <p className="form-note">A booking is a request: the office calls to confirm the day and the window.</p>
      </div>
      {form.alternatives.length > 0 ? (
        // After the main button in the DOM, so Enter in a field still sends the form as filled in.
        <div className="slot-offers" role="group" data-offers="" tabIndex={-1} aria-labelledby={`${idPrefix}-offers-title`}>
          <p id={`${idPrefix}-offers-title`} className="slot-offers-title">
            That window is full. Book one of the next free windows instead:
          </p>
          <ul>
            {form.alternatives.map((offer, index) => (
              <li key={`${offer.date}|${offer.window}`}>
                <button
                  type="submit"
                  name="slot"
                  value={`${offer.date}|${offer.window}`}
                  className="btn btn-outline"
                  disabled={form.sending}
                  autoFocus={props.focusField === 'slot' && index === 0 ? true : undefined}
                >
                  Book {offer.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <p className="visually-hidden" role="status" aria-live="polite">
        {form.status}
      </p>
    </LeadFormShell>
  );
}
