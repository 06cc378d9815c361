import CallButton from '../components/CallButton.tsx';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta('You Are Offline', 'This page is not available offline. Call us and we will help by phone.');
}

/** The service worker's fallback page when there is no network (DECISIONS.md "Service worker"). */
export default function Offline() {
  return (
    <InternalLayout title="You’re offline" lead="This page needs a connection we don’t have right now.">
      <p>
        Your phone still works: call us at <strong>{site.phone}</strong>. The line is answered {site.claims.stormResponse} for
        storm damage and leaks.
      </p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
