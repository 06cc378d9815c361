import { BOOKING_URL, CONSULTATION_URL } from '../lib/urls.ts';

/**
 * The one line that tells the two requests apart, wherever the visitor chooses between them:
 * a consultation is a call back, an inspection a visit on a day they pick.
 */
export default function LeadChoice({ linked = true }: { linked?: boolean }) {
  const consultation = linked ? <a href={CONSULTATION_URL}>consultation</a> : 'consultation';
  const inspection = linked ? <a href={BOOKING_URL}>inspection</a> : 'inspection';
  return (
    <>
      A free {consultation} is a call back to talk your roof through; a free {inspection} is a visit to the roof on a day you
      pick.
    </>
  );
}
