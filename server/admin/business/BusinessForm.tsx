import type { ReactNode } from 'react';
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

/** One card of the form: a heading and its fields. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`business-${id}`} className="admin-section admin-form-card" id={`details-${id}`}>
      <h2 id={`business-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/** The draft: every business fact, in a few cards, saved as typed; what a publish would refuse is marked at its field. */
export default function BusinessForm({ values, revision, problems, form, saved }: Props) {
  const { text, area, tick } = fieldMakers(values, problems);
  return (
    <div id="business">
      <WorkbenchForm
        name="business"
        action={BUSINESS_DRAFT_PATH}
        state={form}
        savedText={form === undefined ? saved : null}
        className="admin-card-form"
        label="The details"
      >
        <input type="hidden" name="revision" value={revision} />
        <Card id="contact" title="Contact">
          {text('name', 'Business name', 'As customers know it, on every page.', 'text', 'organization')}
          {text('legalName', 'Legal name', 'As registered with the State, for the footer.')}
          {tick('legalNameConfirmed', 'This is the registered legal name')}
          {text('phone', 'Phone', 'Every call button and the search engines’ business details.', 'tel', 'tel')}
          {text('email', 'Email', 'Where the office’s lead emails go, and the contact page.', 'email', 'email')}
        </Card>
        <Card id="address" title="Address and hours">
          {text('street', 'Street', undefined, 'text', 'address-line1')}
          {text('city', 'City', undefined, 'text', 'address-level2')}
          {text('region', 'State', 'Two letters, such as GA.', 'text', 'address-level1')}
          {text('zip', 'ZIP code', undefined, 'text', 'postal-code')}
          {text('hours', 'Office hours', 'Such as “Monday to Friday 8 am to 6 pm”.')}
          {tick('hoursConfirmed', 'These are the office hours today')}
        </Card>
        <Card id="licence" title="Licence and area">
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
        </Card>
        <Card id="financing" title="Financing">
          {text('financingMonths', 'Loan terms offered (months)', 'Separated by commas, such as 12, 24, 60.')}
          {tick('financingConfirmed', 'A lender offers these terms today')}
        </Card>
        <Card id="claims" title="Claims">
          <p>Every page states these as fact. Tick each one only if it is true today.</p>
          {CLAIM_KEYS.map((key) => (
            <div key={key} className="claim">
              {text(`claim.${key}`, CLAIM_LABELS[key])}
              {tick(`claim.${key}.confirmed`, `“${CLAIM_LABELS[key]}” is true today`)}
            </div>
          ))}
        </Card>
        <Card id="promises" title="How you work">
          <p>No page states a promise until you confirm it.</p>
          {PROMISE_KEYS.map((key) => (
            <div key={key} className="claim">
              {area(`promise.${key}`, PROMISE_LABELS[key])}
              {tick(`promise.${key}.confirmed`, 'We do this, every time')}
            </div>
          ))}
        </Card>
        <div className="admin-card-form-actions">
          <SubmitButton outline>Save the draft</SubmitButton>
        </div>
      </WorkbenchForm>
    </div>
  );
}
