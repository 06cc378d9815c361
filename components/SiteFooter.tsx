import { fullAddress, site, telHref } from '../content/site.ts';
import CallButton from './CallButton.tsx';
import FooterColumn from './FooterColumn.tsx';
import { usePage } from './page-context.ts';
import { BOOKING_URL } from '../lib/urls.ts';

/** Internal pages every footer links to besides the content pages with `nav` front matter. */
const UTILITY_LINKS = [
  { name: 'Site map', path: '/sitemap' },
  { name: 'Report a site issue', path: '/report-issue' },
];

/** The footer of every public page: a call to action, the menus, and how to reach us. */
export default function SiteFooter({ book = true }: { book?: boolean }) {
  const { nav } = usePage();
  return (
    <footer className="site-footer">
      <section className="footer-cta" aria-labelledby="footer-cta-title">
        <div className="container footer-cta-inner">
          <div>
            <h2 id="footer-cta-title">Need a same-day roof assessment?</h2>
            <p>{`${site.claims.sameDayEstimates}. ${site.claims.onSite}.`}</p>
          </div>
          <div className="cta-actions">
            <CallButton label="Call" className="btn btn-call btn-lg" />
            {book ? (
              <a className="btn btn-primary btn-lg" href={BOOKING_URL} data-opens="appointment">
                Book an inspection
              </a>
            ) : null}
          </div>
        </div>
      </section>
      <div className="container footer-columns">
        <FooterColumn id="footer-services" heading="Services" links={nav.services} />
        <FooterColumn id="footer-resources" heading="Resources" links={[...nav.resources, ...UTILITY_LINKS]} />
        <FooterColumn id="footer-locations" heading="Areas we serve" links={nav.locations}>
          <li>
            <a href="/locations">All locations</a>
          </li>
        </FooterColumn>
        <div className="footer-contact">
          <h2 className="footer-heading">{site.name}</h2>
          <p>
            <strong>{`${site.claims.licensed}.`}</strong>
          </p>
          <address>
            {fullAddress()}
            <br />
            Email: <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            Phone: <a href={telHref()}>{site.phone}</a>
          </address>
          {site.hours.confirmed ? <p>Office hours: {site.hours.value}</p> : null}
          <ul className="social">
            {site.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} rel="noopener noreferrer external">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          {`© ${site.foundedYear}–${new Date().getFullYear()} ${site.legalName.confirmed ? site.legalName.value : site.name}. Serving ${site.serviceArea}.`}
        </p>
      </div>
    </footer>
  );
}
