import { forwardRef } from 'react';
import { smsHref, telHref } from '../../lib/site-facts.ts';

interface Props {
  message: string;
  /** The office phone, for the call and text buttons. */
  phone: string;
  /** The prefilled text message: what the visitor typed. */
  smsBody: string;
}

/**
 * Shown when a request could not be sent: the form keeps
 * everything typed, and the phone number and a prefilled text message are right here.
 */
const SendFailure = forwardRef<HTMLDivElement, Props>(function SendFailure({ message, phone, smsBody }, ref) {
  return (
    <div className="form-failure" role="alert" tabIndex={-1} ref={ref}>
      <p className="form-failure-title">{message}</p>
      <p>Everything you typed is still in the form. You can try again, or reach us right now:</p>
      <div className="cta-actions">
        <a className="btn btn-call" href={telHref(phone)}>
          Call {phone}
        </a>
        <a className="btn btn-outline" href={smsHref(phone, smsBody)}>
          Text us your request
        </a>
      </div>
    </div>
  );
});

export default SendFailure;
