import { NOT_SURE } from '../../lib/lead-schema.ts';
import ChoiceGroup from './ChoiceGroup.tsx';
import Field from './Field.tsx';
import { LEAD_CHOICES, LEAD_FIELDS } from './field-specs.ts';
import { useFieldState } from './form-state.ts';
import MessageField from './MessageField.tsx';
import SmsConsent from './SmsConsent.tsx';

/** The optional fields both lead forms share: they help the office prepare, and none is needed to reach the visitor. */
export default function JobDetails({ services }: { services?: readonly string[] }) {
  const chosenService = useFieldState('service').value;
  const serviceOptions = [...(services ?? []), NOT_SURE].map((label) => ({ value: label, label }));
  // A service the list no longer has (or not loaded yet) stays selectable, so a re-rendered value is kept.
  if (chosenService && !serviceOptions.some((o) => o.value === chosenService)) {
    serviceOptions.unshift({ value: chosenService, label: chosenService });
  }
  return (
    <fieldset className="form-group">
      <legend>About the job</legend>
      <div className="form-grid">
        <Field {...LEAD_FIELDS.service} options={serviceOptions} />
        <Field {...LEAD_FIELDS.propertyType} />
        <Field {...LEAD_FIELDS.urgency} />
      </div>
      <ChoiceGroup {...LEAD_CHOICES.insuranceClaim} />
      <MessageField />
      <ChoiceGroup {...LEAD_CHOICES.preferredContact} beside={{ value: 'text', content: <SmsConsent /> }} />
    </fieldset>
  );
}
