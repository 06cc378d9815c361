import Field from './Field.tsx';
import { LEAD_FIELDS } from './field-specs.ts';

/** Name, phone and email: the fields both lead forms start with; the hint says what the phone number is for. */
export default function ContactFields({ phoneHint }: { phoneHint: string }) {
  return (
    <>
      <Field {...LEAD_FIELDS.name} />
      <Field {...LEAD_FIELDS.phone} hint={phoneHint} />
      <Field {...LEAD_FIELDS.email} />
    </>
  );
}
