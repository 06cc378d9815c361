import type { ServerPageRole } from '../lib/server-data.ts';
import ReportIssueForm from '../client/islands/ReportIssueForm.tsx';
import CallButton from '../components/CallButton.tsx';
import Island from '../components/Island.tsx';
import { office } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

/** The server prefills the page (`?page=…`) and shows the thank-you (`?sent=1`). */
export const serverRole: ServerPageRole = 'issue-report';

export function meta() {
  return internalMeta(
    'Report a Website Issue',
    'Tell us about a broken link, a page that will not load or anything else wrong with this website.',
  );
}

/**
 * A visitor can report an issue with the site. Reports go to the
 * error log as kind 'visitor'. `/report-issue?page=/x`
 * comes back from the server with the page filled in, with or without JavaScript.
 */
export default function ReportIssue() {
  return (
    <InternalLayout title="Report a website issue" lead="Something broken, confusing or out of date? Tell us and we will fix it.">
      <div className="form-narrow">
        <Island of={ReportIssueForm} props={{ idPrefix: 'report', office }} />
      </div>
      <p>If you were trying to reach us about your roof, please call instead:</p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
