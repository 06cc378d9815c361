import { site } from '../content/site.ts';
import CallButton from './CallButton.tsx';
import { BOOKING_URL, CONSULTATION_URL } from '../lib/urls.ts';

interface Props {
  heading?: string;
}

/** The standard call to action: call, request a consultation, or book an inspection. */
export default function CtaBand({ heading = 'Talk to a local roofer today' }: Props) {
  return (
    <section className="cta-band" aria-label="Contact us">
      <h2>{heading}</h2>
      <p>{`${site.claims.sameDayEstimates}. ${site.claims.onSite}.`}</p>
      <div className="cta-actions">
        <CallButton className="btn btn-call btn-lg" />
        <a className="btn btn-primary btn-lg" href={CONSULTATION_URL}>
          Free Consultation
        </a>
        <a className="btn btn-outline btn-lg cta-book" href={BOOKING_URL} data-opens="appointment">
          Book an inspection
        </a>
      </div>
    </section>
  );
}
