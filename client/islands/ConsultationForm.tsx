import ContactFields, { textValue } from '../forms/ContactFields.tsx';
import LeadFormShell from '../forms/LeadFormShell.tsx';
import Field from '../forms/Field.tsx';
import Honeypot from '../forms/Honeypot.tsx';
import JobDetails from '../forms/JobDetails.tsx';
import SendFailure from '../forms/SendFailure.tsx';
import { useLeadForm, type LeadFormProps } from '../forms/use-lead-form.ts';

/**
 * The primary form, at /contact#consultation (SPEC.md section 1). It posts to
 * /api/leads as a plain form without JavaScript; with it, it validates with the
 * shared schema, sends JSON and opens /consultation-received itself.
 */
export default function ConsultationForm(props: LeadFormProps) {
  const { idPrefix, values = {} } = props;
  const form = useLeadForm('consultation', props);
  const { errors } = form;
  const focus = (name: string) => (props.focusField === name ? true : undefined);
  return (
    <LeadFormShell kind="consultation" idPrefix={idPrefix} values={values} form={form}>
      <p className="form-note">
        Fields marked <span className="field-need">(required)</span> are needed to reach you; everything else helps us prepare.
      </p>
      <div className="form-grid">
        <ContactFields
          idPrefix={idPrefix}
          values={values}
          errors={errors}
          focus={focus}
          phoneHint="A US number; we call or text you back."
        />
        <Field
          idPrefix={idPrefix}
          name="zip"
          label="ZIP code of the property"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          defaultValue={textValue(values, 'zip')}
          error={errors.zip}
          autoFocus={focus('zip')}
        />
      </div>
      <JobDetails idPrefix={idPrefix} services={form.services} values={values} errors={errors} focusField={props.focusField} />
      <Honeypot idPrefix={idPrefix} />
      {form.failure ? (
        <SendFailure ref={form.failureRef} message={form.failure} phone={props.office.phone} smsBody={form.smsBody} />
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.sending}>
          {form.sending ? 'Sending…' : 'Request my free consultation'}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {form.status}
      </p>
    </LeadFormShell>
  );
}
