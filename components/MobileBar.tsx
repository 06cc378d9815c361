import CallButton from './CallButton.tsx';
import { BOOKING_URL } from '../lib/urls.ts';

/** The fixed bottom bar on small screens; `book` false after a booking, when only the phone is offered. */
export default function MobileBar({ book = true }: { book?: boolean }) {
  return (
    <div className="mobile-bar mobile-only">
      {book ? (
        <a className="btn btn-primary" href={BOOKING_URL} data-opens="appointment">
          Book Now
        </a>
      ) : null}
      <CallButton label="Call Now" className="btn btn-call" showNumber={false} />
    </div>
  );
}
