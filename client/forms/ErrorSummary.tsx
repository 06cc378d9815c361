import { FIELD_LABELS, orderedErrorFields } from '../../lib/lead-schema.ts';
import { telHref } from '../../lib/site-facts.ts';
import { fieldId } from './form-state.ts';

interface Props {
  idPrefix: string;
  errors: Record<string, string>;
  /** The office's phone, offered beside the problems: calling is always an answer. */
  phone?: string;
}

/** The list of problems above a form, each linking to its field (it works without JavaScript too). */
export default function ErrorSummary({ idPrefix, errors, phone }: Props) {
  const names = orderedErrorFields(errors).filter((name) => name in FIELD_LABELS);
  if (names.length === 0) return null;
  return (
    <div className="form-summary" id={`${idPrefix}-summary`}>
      <p className="form-summary-title">
        {names.length === 1 ? 'Please check one field:' : `Please check ${names.length} fields:`}
      </p>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <a href={`#${fieldId(idPrefix, name)}`}>
              {FIELD_LABELS[name]}: {errors[name]}
            </a>
          </li>
        ))}
      </ul>
      {phone ? (
        <p className="form-summary-call">
          Or call <a href={telHref(phone)}>{phone}</a> and tell us instead.
        </p>
      ) : null}
    </div>
  );
}
