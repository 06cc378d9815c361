import ShingleSearch from '../components/ShingleSearch.tsx';
import CallButton from '../components/CallButton.tsx';
import SearchBox from '../components/SearchBox.tsx';
import { serviceUrl } from '../lib/urls.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export function meta() {
  return internalMeta('Roof Not Found', 'This page slipped a shingle. Find emergency roof repair, all services or call us.');
}

/** The not-found page. The server answers unknown paths with this page and status 404, and logs them. */
export default function NotFound() {
  return (
    <InternalLayout title="Roof Not Found" lead="Looks like this page slipped a shingle.">
      <p>We log every missing page so we can fix broken links. Here is where you might have been heading:</p>
      <SearchBox label="Search for the page you wanted" />
      <div className="cta-actions">
        <a className="btn btn-primary btn-lg" href="/">
          Back to Home
        </a>
        <a className="btn btn-outline btn-lg" href={serviceUrl('emergency-roof-repair')}>
          Emergency Roof Repair
        </a>
        <a className="btn btn-outline btn-lg" href="/services">
          View All Services
        </a>
      </div>
      <ul>
        <li>
          <a href={serviceUrl('roof-repairs')}>Roof repairs</a>
        </li>
        <li>
          <a href="/contact">Contact us</a>
        </li>
        <li>
          <a href="/gallery">Gallery</a>
        </li>
      </ul>
      <div className="cta-actions">
        <ShingleSearch />
        <CallButton className="btn btn-call btn-lg" />
      </div>
    </InternalLayout>
  );
}
