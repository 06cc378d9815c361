import type { ReactNode } from 'react';

export interface FieldOption {
  value: string;
  label: string;
}

interface Props {
  idPrefix: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  as?: 'input' | 'select' | 'textarea';
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  defaultValue?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  rows?: number;
  /** For `as="select"`: the choices; an empty first choice is added. */
  options?: readonly FieldOption[];
  /** Server re-render without JavaScript: the first bad field gets focus on load. */
  autoFocus?: boolean;
  onChange?: (value: string) => void;
  children?: ReactNode;
}

/** The id of a form control, unique per form instance (several forms can share a page). */
export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/**
 * A labelled control with its hint and error (WCAG 3.3.1/3.3.2): the error is
 * tied to the control by aria-describedby and aria-invalid, and `data-field`
 * lets the form move focus to the first bad field.
 */
export default function Field({
  idPrefix,
  name,
  label,
  required = false,
  hint,
  error,
  as = 'input',
  type = 'text',
  options,
  onChange,
  children,
  ...rest
}: Props) {
  const id = fieldId(idPrefix, name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'data-field': name,
    onChange: onChange
      ? (event: { target: { value: string } }) => {
          onChange(event.target.value);
        }
      : undefined,
    ...rest,
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
        {label}
        <span className="field-need">{required ? ' (required)' : ' (optional)'}</span>
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {control}
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error, tied to its control by aria-describedby and read as "Error: …". */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  ) : null;
}
