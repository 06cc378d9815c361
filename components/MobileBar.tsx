import CallButton from './CallButton.tsx';
import { BOOKING_URL } from '../lib/urls.ts';

/** The fixed bottom bar on small screens. */
export default function MobileBar() {
  return (
    <div className="mobile-bar mobile-only">
      <a className="btn btn-primary" href={BOOKING_URL} data-opens="appointment">
        Book Now
      </a>
      <CallButton label="Call Now" className="btn btn-call" showNumber={false} />
    </div>
  );
}
