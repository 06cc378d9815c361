import { useEffect, useState } from 'react';
import type { LeadFormProps } from '../../lib/form-props.ts';
import { LEAD_FIELD_MAX } from '../../lib/lead-fields.ts';
import type { RoofEstimate } from '../../lib/roof-estimate.ts';
import { parseRoofEstimate } from '../../lib/roof-estimate-schema.ts';
import ContactFields, { textValue } from '../forms/ContactFields.tsx';
import EstimateHandoff from '../forms/EstimateHandoff.tsx';
import LeadFormShell from '../forms/LeadFormShell.tsx';
import Field from '../forms/Field.tsx';
import Honeypot from '../forms/Honeypot.tsx';
import JobDetails from '../forms/JobDetails.tsx';
import SendFailure from '../forms/SendFailure.tsx';
import { useLeadForm } from '../forms/use-lead-form.ts';

/** An estimate that came back with the form (a no-JavaScript post), when it is one. */
function estimateFrom(value: unknown): RoofEstimate | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = parseRoofEstimate(value);
  return parsed.ok ? parsed.estimate : null;
}

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
  const [estimate, setEstimate] = useState<RoofEstimate | null>(() => estimateFrom(values.estimate));

  useEffect(() => {
    // The roof estimator hands its result over in the address (/contact?estimate=…#consultation).
    if (estimate) return;
    const found = estimateFrom(new URLSearchParams(window.location.search).get('estimate') ?? '');
    if (found) setEstimate(found);
  }, []);

  const removeEstimate = () => {
    setEstimate(null);
    form.setErrors(({ estimate: _gone, ...rest }) => rest);
    form.formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };
  return (
    <LeadFormShell kind="consultation" idPrefix={idPrefix} values={values} form={form} phone={props.office.phone}>
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
          maxLength={LEAD_FIELD_MAX.zip}
          defaultValue={textValue(values, 'zip')}
          error={errors.zip}
          autoFocus={focus('zip')}
        />
      </div>
      <JobDetails idPrefix={idPrefix} services={form.services} values={values} errors={errors} focusField={props.focusField} />
      <EstimateHandoff idPrefix={idPrefix} estimate={estimate} error={errors.estimate} onRemove={removeEstimate} />
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
