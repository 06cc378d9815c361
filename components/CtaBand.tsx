import { site } from '../content/site.ts';
import CallButton from './CallButton.tsx';
import LeadChoice from './LeadChoice.tsx';
import { BOOKING_URL, CONSULTATION_URL } from '../lib/urls.ts';

interface Props {
  heading?: string;
}

/**
 * The standard call to action: call, request a consultation, or book an inspection, with the
 * one line that tells the two requests apart. On phones the bottom bar's Book Now is the
 * screen's one primary action, so the consultation link is drawn as a secondary one there.
 */
export default function CtaBand({ heading = 'Talk to a local roofer today' }: Props) {
  return (
    <section className="cta-band" aria-label="Contact us">
      <h2>{heading}</h2>
      <p>{`${site.claims.sameDayEstimates}. ${site.claims.onSite}.`}</p>
      <p className="lead-choice">
        <LeadChoice linked={false} />
      </p>
      <div className="cta-actions">
        <CallButton className="btn btn-call btn-lg" />
        <a className="btn btn-primary btn-lg cta-consult" href={CONSULTATION_URL}>
          Free Consultation
        </a>
        <a className="btn btn-outline btn-lg cta-book" href={BOOKING_URL} data-opens="appointment">
          Book an inspection
        </a>
      </div>
    </section>
  );
}
