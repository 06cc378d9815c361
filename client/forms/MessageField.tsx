import { useState } from 'react';
import { MESSAGE_MAX } from '../../lib/lead-fields.ts';
import Field from './Field.tsx';
import { LEAD_FIELDS } from './field-specs.ts';
import { useFieldState } from './form-state.ts';

/** The lead forms' free text, with a count of what is left (hidden from screen readers: maxlength says it). */
export default function MessageField() {
  const { value } = useFieldState('message');
  const [length, setLength] = useState(value.length);
  return (
    <Field {...LEAD_FIELDS.message} onChange={(typed) => setLength(typed.length)}>
      <p className="field-count" aria-hidden="true">
        {length} / {MESSAGE_MAX}
      </p>
    </Field>
  );
}
