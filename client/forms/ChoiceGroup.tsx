import type { ReactNode } from 'react';
import { FieldError, type FieldOption } from './Field.tsx';

interface Choice extends FieldOption {
  /** Extra text after the label, e.g. "2 places left". */
  note?: string;
  disabled?: boolean;
}

interface Props {
  idPrefix: string;
  name: string;
  legend: string;
  required?: boolean;
  choices: readonly Choice[];
  defaultValue?: string;
  hint?: ReactNode;
  error?: string;
  autoFocus?: boolean;
  onChange?: (value: string) => void;
  children?: ReactNode;
}

/** A radio group in a fieldset; its error is announced with each radio (aria-describedby). */
export default function ChoiceGroup({
  idPrefix,
  name,
  legend,
  required = false,
  choices,
  defaultValue,
  hint,
  error,
  autoFocus,
  onChange,
  children,
}: Props) {
  const base = `${idPrefix}-${name}`;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const focusIndex = autoFocus
    ? Math.max(
        0,
        choices.findIndex((c) => !c.disabled),
      )
    : -1;
  return (
    <fieldset id={base} className={error ? 'field choice-group field-invalid' : 'field choice-group'}>
      <legend>
        {legend}
        <span className="field-need">{required ? ' (required)' : ' (optional)'}</span>
      </legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="choices">
        {choices.map((choice, index) => (
          <label
            key={choice.value}
            className={choice.disabled ? 'choice choice-disabled' : 'choice'}
            htmlFor={`${base}-${choice.value}`}
          >
            <input
              type="radio"
              id={`${base}-${choice.value}`}
              name={name}
              value={choice.value}
              required={required}
              disabled={choice.disabled}
              defaultChecked={defaultValue === choice.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              data-field={name}
              autoFocus={index === focusIndex ? true : undefined}
              onChange={onChange ? () => onChange(choice.value) : undefined}
            />
            <span>
              {choice.label}
              {choice.note ? <span className="choice-note"> {choice.note}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {children}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
