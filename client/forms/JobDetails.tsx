import { useState } from 'react';
import { CONTACT_METHODS, INSURANCE_ANSWERS, MESSAGE_MAX, NOT_SURE, PROPERTY_TYPES, URGENCIES } from '../../lib/lead-schema.ts';
import ChoiceGroup from './ChoiceGroup.tsx';
import Field from './Field.tsx';

interface Props {
  idPrefix: string;
  services?: readonly string[];
  values: Record<string, string | boolean>;
  errors: Record<string, string>;
  focusField?: string;
}

const text = (values: Record<string, string | boolean>, key: string) =>
  typeof values[key] === 'string' ? (values[key] as string) : undefined;

/** The optional fields both lead forms share (DECISIONS.md "Forms"). */
export default function JobDetails({ idPrefix, services, values, errors, focusField }: Props) {
  const [length, setLength] = useState(() => text(values, 'message')?.length ?? 0);
  const serviceOptions = [...(services ?? []), NOT_SURE].map((label) => ({ value: label, label }));
  const chosenService = text(values, 'service');
  // A service the list no longer has (or not loaded yet) stays selectable, so a re-rendered value is kept.
  if (chosenService && !serviceOptions.some((o) => o.value === chosenService)) {
    serviceOptions.unshift({ value: chosenService, label: chosenService });
  }
  const focus = (name: string) => (focusField === name ? true : undefined);
  return (
    <fieldset className="form-group">
      <legend>About the job</legend>
      <div className="form-grid">
        <Field
          idPrefix={idPrefix}
          name="service"
          label="Service"
          as="select"
          options={serviceOptions}
          defaultValue={chosenService ?? ''}
          error={errors.service}
          autoFocus={focus('service')}
        />
        <Field
          idPrefix={idPrefix}
          name="propertyType"
          label="Property type"
          as="select"
          options={PROPERTY_TYPES}
          defaultValue={text(values, 'propertyType') ?? ''}
          error={errors.propertyType}
          autoFocus={focus('propertyType')}
        />
        <Field
          idPrefix={idPrefix}
          name="urgency"
          label="How soon do you need us?"
          as="select"
          options={URGENCIES}
          defaultValue={text(values, 'urgency') ?? ''}
          error={errors.urgency}
          autoFocus={focus('urgency')}
        />
      </div>
      <ChoiceGroup
        idPrefix={idPrefix}
        name="insuranceClaim"
        legend="Is this an insurance claim?"
        choices={INSURANCE_ANSWERS}
        defaultValue={text(values, 'insuranceClaim')}
        error={errors.insuranceClaim}
        autoFocus={focus('insuranceClaim')}
      />
      <Field
        idPrefix={idPrefix}
        name="message"
        label="Anything we should know?"
        as="textarea"
        rows={4}
        maxLength={MESSAGE_MAX}
        hint="Leaks, missing shingles, the age of the roof, the best time to call."
        defaultValue={text(values, 'message') ?? ''}
        error={errors.message}
        autoFocus={focus('message')}
        onChange={(value) => setLength(value.length)}
      >
        <p className="field-count" aria-hidden="true">
          {length} / {MESSAGE_MAX}
        </p>
      </Field>
      <ChoiceGroup
        idPrefix={idPrefix}
        name="preferredContact"
        legend="How should we reach you?"
        choices={CONTACT_METHODS}
        defaultValue={text(values, 'preferredContact')}
        error={errors.preferredContact}
        autoFocus={focus('preferredContact')}
      />
      <div className={errors.smsConsent ? 'field check-field field-invalid' : 'field check-field'}>
        <input
          type="checkbox"
          id={`${idPrefix}-smsConsent`}
          name="smsConsent"
          value="on"
          defaultChecked={values.smsConsent === true}
          aria-invalid={errors.smsConsent ? true : undefined}
          aria-describedby={errors.smsConsent ? `${idPrefix}-smsConsent-error` : undefined}
          data-field="smsConsent"
          autoFocus={focus('smsConsent')}
        />
        <label htmlFor={`${idPrefix}-smsConsent`}>
          You may text me about this request.{' '}
          <span className="field-hint-inline">Message and data rates may apply; reply STOP to stop.</span>
        </label>
        {errors.smsConsent ? (
          <p id={`${idPrefix}-smsConsent-error`} className="field-error">
            <span className="visually-hidden">Error: </span>
            {errors.smsConsent}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
