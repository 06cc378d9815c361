import type { ReactNode } from 'react';
import FieldError from './FieldError.tsx';
import FieldLabel from './FieldLabel.tsx';
import { describedBy, useFieldState } from './form-state.ts';

export interface FieldOption {
  value: string;
  label: string;
}

/** What a field is, the same wherever it appears: client/forms/field-specs.ts holds the forms' fields. */
export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  as?: 'input' | 'select' | 'textarea';
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  maxLength?: number;
  rows?: number;
  /** For `as="select"`: the choices; an empty first choice is added. */
  options?: readonly FieldOption[];
}

interface Props extends FieldSpec {
  min?: string;
  max?: string;
  /** Instead of the value the form kept. */
  defaultValue?: string;
  onChange?: (value: string) => void;
  children?: ReactNode;
}

/**
 * A labelled control with its hint and error (WCAG 3.3.1/3.3.2): the error is
 * tied to the control by aria-describedby and aria-invalid, and `data-field`
 * lets the form move focus to the first bad field. Its id, kept value, error
 * and focus come from the form it sits in (`FormStateContext`).
 */
export default function Field(props: Props) {
  const { name, label, required = false, hint, as = 'input', type = 'text', options, onChange, children } = props;
  const state = useFieldState(name);
  const { id, error } = state;
  // The attributes in one fixed order, so every form's markup reads the same.
  const common = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint ? state.hintId : undefined, error ? state.errorId : undefined),
    'data-field': name,
    onChange: onChange ? (event: { target: { value: string } }) => onChange(event.target.value) : undefined,
    rows: props.rows,
    autoComplete: props.autoComplete,
    inputMode: props.inputMode,
    maxLength: props.maxLength,
    min: props.min,
    max: props.max,
    defaultValue: props.defaultValue ?? state.value,
    autoFocus: state.autoFocus,
  };
  let control: ReactNode;
  if (as === 'select') {
    control = (
      <select {...common}>
        <option value="">Choose…</option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (as === 'textarea') {
    control = <textarea {...common} />;
  } else {
    control = <input type={type} {...common} />;
  }
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        <FieldLabel label={label} required={required} />
      </label>
      {hint ? (
        <p id={state.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {control}
      {children}
      <FieldError id={state.errorId} error={error} />
    </div>
  );
}
