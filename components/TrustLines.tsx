import { site } from '../content/site.ts';

/** The four claims under the home hero, at a glance. */
export default function TrustLines() {
  return (
    <section className="trust-lines-section" aria-label="At a glance">
      <ul className="container trust-lines">
        <li>{site.claims.licensed}</li>
        <li>{site.claims.onSite}</li>
        <li>{site.claims.sameDayEstimates}</li>
        <li>{site.claims.financing}</li>
      </ul>
    </section>
  );
}
