import { LEAD_FIELD_MAX } from '../../lib/lead-fields.ts';
import Field from './Field.tsx';

type Values = Record<string, string | boolean> | undefined;

/** A string value of a kept form, or '' (values kept after a failed post). */
export const textValue = (values: Values, key: string) => (typeof values?.[key] === 'string' ? (values[key] as string) : '');

interface Props {
  idPrefix: string;
  values: Values;
  errors: Record<string, string | undefined>;
  /** Whether a field gets focus on render (the first bad field after a server re-render). */
  focus: (name: string) => true | undefined;
  /** What the phone number is for, shown under the field. */
  phoneHint: string;
}

/** Name, phone and email: the fields both lead forms start with. */
export default function ContactFields({ idPrefix, values, errors, focus, phoneHint }: Props) {
  return (
    <>
      <Field
        idPrefix={idPrefix}
        name="name"
        label="Your name"
        required
        autoComplete="name"
        maxLength={LEAD_FIELD_MAX.name}
        defaultValue={textValue(values, 'name')}
        error={errors.name}
        autoFocus={focus('name')}
      />
      <Field
        idPrefix={idPrefix}
        name="phone"
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        inputMode="tel"
        hint={phoneHint}
        defaultValue={textValue(values, 'phone')}
        error={errors.phone}
        autoFocus={focus('phone')}
      />
      <Field
        idPrefix={idPrefix}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={LEAD_FIELD_MAX.email}
        defaultValue={textValue(values, 'email')}
        error={errors.email}
        autoFocus={focus('email')}
      />
    </>
  );
}
