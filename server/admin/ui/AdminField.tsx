import type { ReactNode } from 'react';

interface Props {
  /** The control's id; the hint and the error take `<id>-hint` and `<id>-error`. */
  id: string;
  /** The field's name in the posted form, which the admin script's error messages are keyed by. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** The attributes that tie a control to its field's hint and error (pass them to the input or textarea). */
export function fieldAria(id: string, error?: string): { 'aria-describedby': string; 'aria-invalid'?: true } {
  return { 'aria-describedby': `${id}-hint ${id}-error`, ...(error ? { 'aria-invalid': true as const } : {}) };
}

/** A settings form field: label, hint, the control, and the message when it was refused. */
export default function AdminField({ id, name, label, hint, error, children }: Props) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <p className="field-error" id={`${id}-error`} data-field-error={name} hidden={!error}>
        {error}
      </p>
    </div>
  );
}
