import type { ServerPageRole } from '../lib/server-data.ts';
import CallButton from '../components/CallButton.tsx';
import { useSheet } from '../components/page-sheets.ts';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

/** The server fills in the booking behind `?ref=…` (server/leads/pages.ts). */
export const serverRole: ServerPageRole = 'inspection-result';

export function meta() {
  return {
    ...internalMeta(
      'Inspection Request Received',
      'Your roof inspection request has reached our office; we confirm every visit by phone.',
    ),
    afterBooking: true,
  };
}

/**
 * Confirmation after booking. The booking form sends the visitor
 * here with `?ref=<token>`; the server then fills the `lead-details` slot with the
 * reference, date, window, address and the .ics link (server/leads/pages.ts),
 * so the details show with JavaScript off too. Without a valid token the generic text stays.
 */
export default function AppointmentScheduled() {
  // The server fills the lead-details slot with the visitor's request (components/LeadSummary.tsx).
  useSheet('forms');
  return (
    <InternalLayout title="Your inspection request is in" lead="Thank you. The office confirms every visit by phone.">
      <div data-slot="lead-details">
        <p>
          Your booking details appear here right after you book. If you do not see them, call us and we will look up your request.
        </p>
      </div>
      <p>
        A booking is a request until we call to confirm the day and the arrival window. If anything changes, or if the roof is
        leaking now, call us: the line is answered {site.claims.stormResponse} for storms.
      </p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
