import { Fragment, type ReactNode } from 'react';
import type { FieldOption } from './Field.tsx';
import FieldError from './FieldError.tsx';
import FieldLabel from './FieldLabel.tsx';
import { describedBy, useFieldState } from './form-state.ts';

export interface Choice extends FieldOption {
  /** Extra text after the label, e.g. "2 places left". */
  note?: string;
  disabled?: boolean;
}

/** What a radio group is, the same wherever it appears: client/forms/field-specs.ts holds the forms' groups. */
export interface ChoiceSpec {
  name: string;
  legend: string;
  required?: boolean;
  choices: readonly Choice[];
}

interface Props extends ChoiceSpec {
  hint?: ReactNode;
  /** Shown right after one choice, while that choice is picked (forms.css `.choice-beside`). */
  beside?: { value: string; content: ReactNode };
  onChange?: (value: string) => void;
  children?: ReactNode;
}

/**
 * A radio group in a fieldset; its error is announced with each radio (aria-describedby).
 * Its ids, kept choice, error and focus come from the form it sits in.
 */
export default function ChoiceGroup({ name, legend, required = false, choices, hint, beside, onChange, children }: Props) {
  const { id: base, hintId, errorId, value, error, autoFocus } = useFieldState(name);
  const describedby = describedBy(hint ? hintId : undefined, error ? errorId : undefined);
  const focusIndex = autoFocus
    ? Math.max(
        0,
        choices.findIndex((c) => !c.disabled),
      )
    : -1;
  return (
    <fieldset id={base} className={error ? 'field choice-group field-invalid' : 'field choice-group'}>
      <legend>
        <FieldLabel label={legend} required={required} />
      </legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="choices">
        {choices.map((choice, index) => (
          <Fragment key={choice.value}>
            <label className={choice.disabled ? 'choice choice-disabled' : 'choice'} htmlFor={`${base}-${choice.value}`}>
              <input
                type="radio"
                id={`${base}-${choice.value}`}
                name={name}
                value={choice.value}
                required={required}
                disabled={choice.disabled}
                defaultChecked={value === choice.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedby}
                data-field={name}
                autoFocus={index === focusIndex ? true : undefined}
                onChange={onChange ? () => onChange(choice.value) : undefined}
              />
              <span>
                {choice.label}
                {choice.note ? <span className="choice-note"> {choice.note}</span> : null}
              </span>
            </label>
            {beside?.value === choice.value ? (
              <div className="choice-beside" data-beside={choice.value}>
                {beside.content}
              </div>
            ) : null}
          </Fragment>
        ))}
      </div>
      {children}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
