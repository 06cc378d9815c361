import ClearCache from '../client/islands/ClearCache.tsx';
import Island from '../components/Island.tsx';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta(
    'Clear Site Cache',
    'Removes this site’s offline copy and saved settings from your browser, then reloads fresh pages.',
  );
}

/** /clear-cache unregisters the worker and clears its caches and storage keys. */
export default function ClearCachePage() {
  return (
    <InternalLayout title="Clear this site’s cache" lead="For when a page looks out of date or broken.">
      <p>
        This removes the offline copy of the site that your browser keeps, and the few preferences the site saved (such as the
        page layout you last saw). Nothing else in your browser is touched.
      </p>
      <Island of={ClearCache} hydrate="visible" props={{}} />
    </InternalLayout>
  );
}
