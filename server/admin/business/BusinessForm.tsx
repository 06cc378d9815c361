import { CLAIM_KEYS, CLAIM_LABELS, PROMISE_KEYS, PROMISE_LABELS } from '../../../lib/business-facts.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import type { BusinessView } from './BusinessPanel.tsx';
import { BUSINESS_DRAFT_PATH } from './paths.ts';

type Props = Pick<BusinessView, 'values' | 'revision' | 'problems' | 'form' | 'saved'>;

const fieldId = (name: string) => `business-${name.replace(/\./g, '-')}`;

/** The three kinds of field on the form (a line, a few lines, a tick box), each showing its draft value and its refusal. */
function fieldMakers(values: Props['values'], problems: Props['problems']) {
  const text = (name: string, label: string, hint?: string, type = 'text', autoComplete = 'off') => {
    const id = fieldId(name);
    return (
      <AdminField id={id} name={name} label={label} hint={hint} error={problems[name]}>
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={values[name] ?? ''}
          autoComplete={autoComplete}
          {...fieldAria(id, problems[name])}
        />
      </AdminField>
    );
  };
  const area = (name: string, label: string, hint?: string) => {
    const id = fieldId(name);
    return (
      <AdminField id={id} name={name} label={label} hint={hint} error={problems[name]}>
        <textarea id={id} name={name} rows={3} defaultValue={values[name] ?? ''} {...fieldAria(id, problems[name])} />
      </AdminField>
    );
  };
  const tick = (name: string, label: string) => {
    const id = fieldId(name);
    return (
      <div className={problems[name] ? 'field check-field field-invalid' : 'field check-field'}>
        <input
          id={id}
          name={name}
          type="checkbox"
          value="on"
          defaultChecked={values[name] === 'true'}
          aria-describedby={`${id}-error`}
        />
        <label htmlFor={id}>{label}</label>
        <p className="field-error" id={`${id}-error`} data-field-error={name} hidden={!problems[name]}>
          {problems[name]}
        </p>
      </div>
    );
  };
  return { text, area, tick };
}

/** The draft: every business fact, saved as typed; what a publish would refuse is marked at its field. */
export default function BusinessForm({ values, revision, problems, form, saved }: Props) {
  const { text, area, tick } = fieldMakers(values, problems);
  return (
    <section aria-labelledby="business-heading" className="panel" id="business">
      <h2 id="business-heading">The details</h2>
      <p>Everything you type is kept as a draft. Visitors see it only after you publish.</p>
      <WorkbenchForm name="business" action={BUSINESS_DRAFT_PATH} state={form} savedText={form === undefined ? saved : null}>
        <input type="hidden" name="revision" value={revision} />
        <fieldset>
          <legend>Name and contact</legend>
          {text('name', 'Business name', 'As customers know it, on every page.', 'text', 'organization')}
          {text('legalName', 'Legal name', 'As registered with the State, for the footer.')}
          {tick('legalNameConfirmed', 'This is the registered legal name')}
          {text('phone', 'Phone', 'Every call button and the search engines’ business details.', 'tel', 'tel')}
          {text('email', 'Email', 'Where the office’s lead emails go, and the contact page.', 'email', 'email')}
        </fieldset>
        <fieldset>
          <legend>Address</legend>
          {text('street', 'Street', undefined, 'text', 'address-line1')}
          {text('city', 'City', undefined, 'text', 'address-level2')}
          {text('region', 'State', 'Two letters, such as GA.', 'text', 'address-level1')}
          {text('zip', 'ZIP code', undefined, 'text', 'postal-code')}
        </fieldset>
        <fieldset>
          <legend>Hours, licence and area</legend>
          {text('hours', 'Office hours', 'Such as “Monday to Friday 8 am to 6 pm”.')}
          {tick('hoursConfirmed', 'These are the office hours today')}
          {text('licenseNumber', 'Georgia contractor licence number', 'Leave it empty until you have it.')}
          {text('foundedYear', 'In business since (year)', undefined, 'text')}
          {area(
            'serviceArea',
            'Where you work',
            'One sentence, such as “Savannah, Chatham County and the coast within 75 miles”.',
          )}
          {area(
            'social',
            'Social profiles',
            'One per line: the name, then the address, such as “Facebook https://www.facebook.com/yourpage”.',
          )}
        </fieldset>
        <fieldset>
          <legend>Financing</legend>
          {text('financingMonths', 'Loan terms offered (months)', 'Separated by commas, such as 12, 24, 60.')}
          {tick('financingConfirmed', 'A lender offers these terms today')}
        </fieldset>
        <fieldset>
          <legend>Claims</legend>
          <p>Every page states these as fact. Tick each one only if it is true today.</p>
          {CLAIM_KEYS.map((key) => (
            <div key={key} className="claim">
              {text(`claim.${key}`, CLAIM_LABELS[key])}
              {tick(`claim.${key}.confirmed`, `“${CLAIM_LABELS[key]}” is true today`)}
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>How you work</legend>
          <p>No page states a promise until you confirm it.</p>
          {PROMISE_KEYS.map((key) => (
            <div key={key} className="claim">
              {area(`promise.${key}`, PROMISE_LABELS[key])}
              {tick(`promise.${key}.confirmed`, 'We do this, every time')}
            </div>
          ))}
        </fieldset>
        <SubmitButton outline>Save the draft</SubmitButton>
      </WorkbenchForm>
    </section>
  );
}
