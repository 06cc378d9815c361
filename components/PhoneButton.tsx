import { telHref } from '../lib/site-facts.ts';

export interface PhoneButtonProps {
  phone: string;
  label?: string;
  className?: string;
  /** Show the number itself, so it is readable and copyable. */
  showNumber?: boolean;
}

/**
 * A tap-to-call link to `phone`. Takes the number as a prop, so the server's
 * own pages can render it from the facts the build handed over (CallButton is
 * the build's shorthand for the business phone).
 */
export default function PhoneButton({ phone, label = 'Call', className = 'btn btn-call', showNumber = true }: PhoneButtonProps) {
  return (
    <a className={className} href={telHref(phone)}>
      <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z"
        />
      </svg>
      <span>
        {label}
        {showNumber ? <span className="call-number">{` ${phone}`}</span> : null}
      </span>
    </a>
  );
}
