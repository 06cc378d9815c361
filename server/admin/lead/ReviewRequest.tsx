import type { LeadDetailView, ReviewView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

/**
 * Once a lead is won: ask the customer for a Google review, by text or email, with Google's
 * write-a-review link. Every customer is asked the same way (Google's policy forbids asking only
 * the happy ones, and the FTC treats that as deceptive); a lead is asked once, logged in its history.
 */
export default function ReviewRequest({ review, view }: { review: ReviewView; view: LeadDetailView }) {
  return (
    <section className="admin-section" aria-labelledby="review-title" id="review">
      <h2 id="review-title">Ask for a review</h2>
      {review.asked ? (
        <>
          <p data-review-asked="">
            Asked by {review.asked.channel} {review.asked.when}, by {review.asked.who}. Each customer is asked once.
          </p>
          {/* Right after asking: the message to send, filled in (opening it again logs nothing). */}
          {view.saved === 'review' ? (
            <p>
              <a className="btn btn-primary" href={review.asked.channel === 'email' ? review.mailHref! : review.textHref!}>
                Open the {review.asked.channel === 'email' ? 'email' : 'text message'} to send it
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p>
            Every customer gets the same short message with the link to write a review on Google, whatever the job was like.
            Asking only the happy ones is against Google’s rules.
          </p>
          {review.textHref || review.mailHref ? (
            <WorkbenchForm name="review" action={review.action} state={view.form} className="review-form">
              <div className="row-actions">
                {review.textHref ? (
                  <button type="submit" name="channel" value="text" className="btn btn-primary">
                    Ask by text
                  </button>
                ) : null}
                {review.mailHref ? (
                  <button type="submit" name="channel" value="email" className="btn btn-outline">
                    Ask by email
                  </button>
                ) : null}
              </div>
            </WorkbenchForm>
          ) : null}
        </>
      )}
      {review.notes.map((note) => (
        <p key={note} className="admin-note">
          {note}
        </p>
      ))}
    </section>
  );
}
