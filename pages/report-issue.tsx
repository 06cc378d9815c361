import CallButton from '../components/CallButton.tsx';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta(
    'Report a Website Issue',
    'Tell us about a broken link, a page that will not load or anything else wrong with this website.',
  );
}

/** SPEC.md section 1: a visitor can report an issue with the site. The form lands with the leads issue. */
export default function ReportIssue() {
  return (
    <InternalLayout title="Report a website issue" lead="Something broken, confusing or out of date? Tell us and we will fix it.">
      <p>
        Email <a href={`mailto:${site.email}?subject=${encodeURIComponent('Website issue')}`}>{site.email}</a> with the page
        address and what happened. If you were trying to reach us about your roof, please call instead:
      </p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
