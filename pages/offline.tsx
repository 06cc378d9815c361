import CallButton from '../components/CallButton.tsx';
import { site } from '../content/site.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta('Page Not Loading', 'This page could not load right now. Call us and we will help by phone.');
}

/**
 * The service worker's fallback page when a page cannot be fetched:
 * the visitor's connection may be down, or our server; the page cannot tell which.
 */
export default function Offline() {
  return (
    <InternalLayout
      title="This page can’t load right now"
      lead="Your connection may have dropped, or our website may be down for a moment. Try again in a minute."
    >
      <p>
        Your phone still works: call us at <strong>{site.phone}</strong>. The line is answered {site.claims.stormResponse} for
        storm damage and leaks.
      </p>
      <CallButton className="btn btn-call btn-lg" />
    </InternalLayout>
  );
}
