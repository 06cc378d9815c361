import CallButton from '../components/CallButton.tsx';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta(
    'Consultation Request Received',
    'Your free consultation request has reached our office; we call you back the same business day.',
  );
}

/**
 * Where the consultation form lands (issue 4). Like /appointment-scheduled, the server
 * fills the `lead-details` slot when the URL carries the request's token, including
 * the note that the office will call when the ZIP is outside the service area.
 */
export default function ConsultationReceived() {
  return (
    <InternalLayout title="Your consultation request is in" lead="Thank you. We call you back the same business day.">
      <div data-slot="lead-details">
        <p>Your request reference appears here right after you send the form.</p>
      </div>
      <p>If the roof is leaking now, do not wait for our call: the line is answered {site.claims.stormResponse} for storms.</p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
