import type { FocusEvent, FormEvent } from 'react';

interface Props {
  id: string;
  name: string;
  inputMode: 'numeric' | 'decimal';
  min: number;
  max: number;
  step: number;
  defaultValue?: number;
  /** The field's error is shown. */
  invalid: boolean;
  describedBy?: string;
  onInput?: (event: FormEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** An estimator's number box: bounded as the figures are, and tied to its hint and error. */
export default function NumberInput({ invalid, describedBy, ...props }: Props) {
  return (
    <input
      id={props.id}
      name={props.name}
      type="number"
      inputMode={props.inputMode}
      min={props.min}
      max={props.max}
      step={props.step}
      defaultValue={props.defaultValue}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onInput={props.onInput}
      onBlur={props.onBlur}
    />
  );
}
