import type { ReactNode } from 'react';
import { ARRIVAL_WINDOWS, formatDateLong, formatUsPhone, type LeadKind, type WindowId } from '../lib/lead-schema.ts';
import { estimateRows, type RoofEstimate } from '../lib/roof-estimate.ts';
import type { SiteFacts } from '../lib/site-facts.ts';
import PhoneButton from './PhoneButton.tsx';

/** What the summary shows of a stored lead (the server's LeadRecord has these and more). */
export interface LeadSummaryData {
  kind: LeadKind;
  reference: string;
  phone: string;
  zip: string;
  streetAddress: string | null;
  preferredDate: string | null;
  preferredWindow: WindowId | null;
  outsideServiceArea: boolean;
  distanceMiles: number | null;
  /** The roof estimate sent with the request, if any. */
  estimate?: RoofEstimate | null;
}

/** Where the .ics file of a booking is served: to the device that booked, which holds the token as a cookie. */
export const CALENDAR_HREF = '/api/leads/inspection.ics';

const isBooking = (lead: LeadSummaryData) => Boolean(lead.kind === 'inspection' && lead.preferredDate && lead.preferredWindow);

function Row({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The request itself: its reference, the booked day and window or the ZIP, the number we will call, and the estimate. */
function SummaryList({ lead, requestCall }: { lead: LeadSummaryData; requestCall: SiteFacts['requestCall'] }) {
  const window = lead.preferredWindow ? ARRIVAL_WINDOWS[lead.preferredWindow] : null;
  return (
    <dl className="lead-summary-list">
      <Row term="Reference">
        <strong className="lead-reference">{lead.reference}</strong>
      </Row>
      {isBooking(lead) ? (
        <>
          <Row term="Date">{formatDateLong(lead.preferredDate!)}</Row>
          <Row term="Arrival window">
            {window!.label}, {window!.hours}
          </Row>
          <Row term="Address">
            {lead.streetAddress}, {lead.zip}
          </Row>
        </>
      ) : (
        <Row term="ZIP code">{lead.zip}</Row>
      )}
      <Row term="We will call">
        {formatUsPhone(lead.phone)}
        {requestCall ? <span className="lead-call-when"> {requestCall}</span> : null}
      </Row>
      {lead.estimate ? (
        <Row term="Your roof estimate" className="lead-estimate">
          {estimateRows(lead.estimate)
            .map((row) => (row.label === 'Ballpark range' ? row.value : `${row.label}: ${row.value}`))
            .join('; ')}
          . A ballpark only, not a quote.
        </Row>
      ) : null}
    </dl>
  );
}

/**
 * What /appointment-scheduled and /consultation-received show about the
 * visitor's own request, rendered by the server into the built page (the token
 * in the visitor's cookie is the only key to it; server/leads/access.ts).
 */
export default function LeadSummary({
  lead,
  site,
}: {
  lead: LeadSummaryData;
  site: Pick<SiteFacts, 'phone' | 'radiusMiles' | 'requestCall'>;
}) {
  // Beyond the service area the office calls before anything is scheduled: no calendar entry to add yet.
  const calendar = isBooking(lead) && !lead.outsideServiceArea;
  return (
    <div className="lead-summary">
      <SummaryList lead={lead} requestCall={site.requestCall} />
      {lead.outsideServiceArea ? (
        <p className="notice lead-area-note">
          {lead.distanceMiles === null
            ? `We could not place ZIP ${lead.zip} on our map, so the office will call you to check the address before anything is scheduled.`
            : `This address is about ${Math.round(lead.distanceMiles)} miles from our office, beyond the ${site.radiusMiles}-mile area we usually serve, so the office will call you to talk it through before anything is scheduled.`}
        </p>
      ) : null}
      <div className="cta-actions">
        {calendar ? (
          <a className="btn btn-primary btn-lg" href={CALENDAR_HREF} download={`roof-inspection-${lead.reference}.ics`}>
            Add to my calendar (.ics)
          </a>
        ) : null}
        <PhoneButton phone={site.phone} className="btn btn-call btn-lg" label="Questions? Call" />
      </div>
    </div>
  );
}
