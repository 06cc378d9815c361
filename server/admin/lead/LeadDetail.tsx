import type { LeadDetailView } from './view.ts';
import FieldList from '../ui/FieldList.tsx';
import LeadCard from './LeadCard.tsx';
import LeadNotes from './LeadNotes.tsx';
import LeadNotifications from './LeadNotifications.tsx';
import LeadStatus from './LeadStatus.tsx';
import ReviewRequest from './ReviewRequest.tsx';

const SAVED: Record<string, string> = {
  status: 'the status.',
  booking: 'the booking status.',
  note: 'the note.',
  resend: 'sending again now.',
};

/**
 * One lead: every field the visitor gave, the distance and attribution, tap-to-call,
 * text and email, the status and booking with who changed them, notes, and each
 * notification's delivery with a resend.
 */
export default function LeadDetail(view: LeadDetailView) {
  const savedText = (name: string) =>
    view.saved === name || (name === 'resend' && view.saved?.startsWith('resend-'))
      ? `Saved at ${view.savedAt}: ${SAVED[name]}`
      : null;
  return (
    <>
      <p>
        <a href={view.backHref}>Back to the leads</a>
      </p>
      <LeadCard view={view} />
      {view.review ? <ReviewRequest review={view.review} view={view} /> : null}
      <LeadStatus view={view} savedText={savedText} />
      <LeadNotes view={view} savedText={savedText('note')} />
      <LeadNotifications view={view} resentText={savedText('resend') ?? ''} />
      <section className="admin-section" aria-labelledby="attribution-title">
        <h2 id="attribution-title">Where the visitor came from</h2>
        {view.attribution.length ? (
          <FieldList fields={view.attribution} />
        ) : (
          <p className="admin-empty">The browser said nothing about the page or campaign the visitor came from.</p>
        )}
      </section>
    </>
  );
}
