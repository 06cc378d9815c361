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
  const booking = lead.kind === 'inspection' && lead.preferredDate && lead.preferredWindow;
  // Beyond the service area the office calls before anything is scheduled: no calendar entry to add yet.
  const calendar = booking && !lead.outsideServiceArea;
  const window = lead.preferredWindow ? ARRIVAL_WINDOWS[lead.preferredWindow] : null;
  return (
    <div className="lead-summary">
      <dl className="lead-summary-list">
        <div>
          <dt>Reference</dt>
          <dd>
            <strong className="lead-reference">{lead.reference}</strong>
          </dd>
        </div>
        {booking ? (
          <>
            <div>
              <dt>Date</dt>
              <dd>{formatDateLong(lead.preferredDate!)}</dd>
            </div>
            <div>
              <dt>Arrival window</dt>
              <dd>
                {window!.label}, {window!.hours}
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>
                {lead.streetAddress}, {lead.zip}
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dt>ZIP code</dt>
            <dd>{lead.zip}</dd>
          </div>
        )}
        <div>
          <dt>We will call</dt>
          <dd>
            {formatUsPhone(lead.phone)}
            {site.requestCall ? <span className="lead-call-when"> {site.requestCall}</span> : null}
          </dd>
        </div>
        {lead.estimate ? (
          <div className="lead-estimate">
            <dt>Your roof estimate</dt>
            <dd>
              {estimateRows(lead.estimate)
                .map((row) => (row.label === 'Ballpark range' ? row.value : `${row.label}: ${row.value}`))
                .join('; ')}
              . A ballpark only, not a quote.
            </dd>
          </div>
        ) : null}
      </dl>
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
