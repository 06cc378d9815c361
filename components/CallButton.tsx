import { site } from '../content/site.ts';
import PhoneButton, { type PhoneButtonProps } from './PhoneButton.tsx';

/** A tap-to-call link to the single office and storm line. */
export default function CallButton(props: Omit<PhoneButtonProps, 'phone'>) {
  return <PhoneButton phone={site.phone} {...props} />;
}
