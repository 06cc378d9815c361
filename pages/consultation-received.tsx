import type { ServerPageRole } from '../lib/server-data.ts';
import CallButton from '../components/CallButton.tsx';
import { useSheet } from '../components/page-sheets.ts';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

/** The server fills in the request behind `?ref=…` (server/leads/pages.ts). */
export const serverRole: ServerPageRole = 'consultation-result';

// How soon the office calls back is a promise the owner has not confirmed yet (content/site.ts).
const { callBack } = site.promises;
const whatNext = callBack.confirmed ? callBack.value : 'Our office has your request and will get in touch with you about it.';

export function meta() {
  return internalMeta('Consultation Request Received', `Your free consultation request has reached our office. ${whatNext}`);
}

/**
 * Where the consultation form lands. Like /appointment-scheduled, the server
 * fills the `lead-details` slot when the URL carries the request's token, including
 * the note that the office will call when the ZIP is outside the service area.
 */
export default function ConsultationReceived() {
  // The server fills the lead-details slot with the visitor's request (components/LeadSummary.tsx).
  useSheet('forms');
  return (
    <InternalLayout title="Your consultation request is in" lead={`Thank you. ${whatNext}`}>
      <div data-slot="lead-details">
        <p>Your request reference appears here right after you send the form.</p>
      </div>
      <p>If the roof is leaking now, do not wait for our call: the line is answered {site.claims.stormResponse} for storms.</p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
