import CallButton from '../components/CallButton.tsx';
import type { PageMeta } from '../components/meta.ts';
import PageHeader from '../components/PageHeader.tsx';
import Prose from '../components/Prose.tsx';
import { breadcrumbJsonLd, businessJsonLd } from '../components/structured-data.ts';
import { fullAddress, site, smsHref } from '../content/site.ts';
import { getEntry } from '../build/content.ts';
import type { PageProps } from '../build/routes.ts';

const entry = () => getEntry('pages', 'contact');

export function sources(): string[] {
  return [entry().file];
}

export function meta({ path, siteUrl }: PageProps): PageMeta {
  const { data } = entry();
  return {
    title: data.title,
    description: data.description,
    structuredData: [
      businessJsonLd(siteUrl),
      breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'Contact', path },
      ]),
    ],
  };
}

/** SPEC.md section 2: the contact page; #consultation holds the primary form, #book-inspection the booking form. */
export default function ContactPage() {
  const { data, body, file } = entry();
  const mail = (subject: string) => `mailto:${site.email}?subject=${encodeURIComponent(subject)}`;
  return (
    <>
      <PageHeader
        title={data.h1 ?? data.title}
        crumbs={[{ name: 'Home', path: '/' }]}
        lead={`${site.claims.sameDayEstimates}.`}
      />
      <div className="container section with-aside">
        <div>
          <Prose markdown={body} file={file} />
          <section id="consultation" aria-labelledby="consultation-heading" className="aside-box">
            <h2 id="consultation-heading">Request a free consultation</h2>
            <p>
              Call us, or send a text or an email with your name, phone number, ZIP code and a line about the roof. We answer the
              same business day, and the storm line around the clock.
            </p>
            <div className="cta-actions">
              <CallButton className="btn btn-call btn-lg" />
              <a className="btn btn-outline btn-lg" href={smsHref('Hi, I would like a free roof consultation. My ZIP is ')}>
                Send a text
              </a>
              <a className="btn btn-outline btn-lg" href={mail('Free consultation request')}>
                Email us
              </a>
            </div>
          </section>
          <section id="book-inspection" aria-labelledby="book-heading" className="aside-box">
            <h2 id="book-heading">Book a free roof inspection</h2>
            <p>
              Tell us the address, a preferred day and whether mornings or afternoons suit you. The office confirms every visit by
              phone.
            </p>
            <div className="cta-actions">
              <CallButton label="Call to book" className="btn btn-call btn-lg" />
              <a className="btn btn-outline btn-lg" href={mail('Roof inspection request')}>
                Email a request
              </a>
            </div>
          </section>
        </div>
        <aside aria-label="Contact details">
          <div className="aside-box">
            <h2>Office</h2>
            <address>
              {site.name}
              <br />
              {fullAddress()}
            </address>
            <p>
              Email: <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
            <p>{site.hours}</p>
            <p>{site.serviceArea}.</p>
          </div>
        </aside>
      </div>
    </>
  );
}
