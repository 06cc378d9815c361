import { useEffect, useState } from 'react';
import type { LeadFormProps } from '../../lib/form-props.ts';
import { estimateService, type RoofEstimate } from '../../lib/roof-estimate.ts';
import { parseRoofEstimate } from '../../lib/roof-estimate-schema.ts';
import ContactFields from '../forms/ContactFields.tsx';
import EstimateHandoff from '../forms/EstimateHandoff.tsx';
import Field from '../forms/Field.tsx';
import { LEAD_FIELDS } from '../forms/field-specs.ts';
import JobDetails from '../forms/JobDetails.tsx';
import LeadFormShell from '../forms/LeadFormShell.tsx';
import { useLeadForm } from '../forms/use-lead-form.ts';

/** An estimate that came back with the form (a no-JavaScript post), when it is one. */
function estimateFrom(value: unknown): RoofEstimate | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = parseRoofEstimate(value);
  return parsed.ok ? parsed.estimate : null;
}

/**
 * The primary form, at /contact#consultation: the request most visitors send.
 * It posts to /api/leads as a plain form without JavaScript; with it, it
 * validates with the shared schema, sends JSON and opens /consultation-received itself.
 */
export default function ConsultationForm(props: LeadFormProps) {
  const { idPrefix, values = {} } = props;
  const form = useLeadForm('consultation', props);
  const [estimate, setEstimate] = useState<RoofEstimate | null>(() => estimateFrom(values.estimate));

  useEffect(() => {
    // The roof estimator hands its result over in the address (/contact?estimate=…#consultation).
    if (estimate) return;
    const found = estimateFrom(new URLSearchParams(window.location.search).get('estimate') ?? '');
    if (!found) return;
    setEstimate(found);
    // The Service field names what the estimate is for, unless the visitor already chose one.
    const service = form.formRef.current?.elements.namedItem('service');
    const named = estimateService(form.services);
    if (service instanceof HTMLSelectElement && !service.value && named) service.value = named;
  }, []);

  const removeEstimate = () => {
    setEstimate(null);
    form.setErrors(({ estimate: _gone, ...rest }) => rest);
    form.formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };
  return (
    <LeadFormShell
      kind="consultation"
      idPrefix={idPrefix}
      values={values}
      focusField={props.focusField}
      form={form}
      phone={props.office.phone}
      submitLabel="Request my free consultation"
    >
      <EstimateHandoff idPrefix={idPrefix} estimate={estimate} error={form.errors.estimate} onRemove={removeEstimate} />
      <p className="form-note">
        Fields marked <span className="field-need">(required)</span> are needed to reach you; everything else helps us prepare.
      </p>
      <div className="form-grid">
        <ContactFields phoneHint="A US number; we call or text you back." />
        <Field {...LEAD_FIELDS.zip} label="ZIP code of the property" />
      </div>
      <JobDetails services={form.services} />
    </LeadFormShell>
  );
}
