import CallButton from '../components/CallButton.tsx';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta(
    'Inspection Request Received',
    'Your roof inspection request has reached our office; we confirm every visit by phone.',
  );
}

/** Confirmation after booking (SPEC.md section 2). The booking details arrive with the leads issue. */
export default function AppointmentScheduled() {
  return (
    <InternalLayout title="Your inspection request is in" lead="Thank you. The office confirms every visit by phone.">
      <p>
        A booking is a request until we call to confirm the day and the arrival window. If anything changes, or if the roof is
        leaking now, call us: the line is answered {site.claims.stormResponse} for storms.
      </p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
