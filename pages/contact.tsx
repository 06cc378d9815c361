import type { ServerPageRole } from '../lib/server-data.ts';
import { leadServiceOptions } from '../content/layer/lead-services.ts';
import ConsultationForm from '../client/islands/ConsultationForm.tsx';
import InspectionForm from '../client/islands/InspectionForm.tsx';
import CallButton from '../components/CallButton.tsx';
import Island from '../components/Island.tsx';
import type { PageMeta } from '../components/meta.ts';
import PageHeader from '../components/PageHeader.tsx';
import Prose from '../components/Prose.tsx';
import { breadcrumbJsonLd, businessJsonLd } from '../components/structured-data.ts';
import { fullAddress, office, site, smsHref, telHref } from '../content/site.ts';
import { getEntry } from '../content/layer/content.ts';
import type { PageProps } from '../components/page-module.ts';
import LeadChoice from '../components/LeadChoice.tsx';

const entry = () => getEntry('pages', 'contact');

export function sources(): string[] {
  return [entry().file];
}

/** The server re-renders this page's forms for a no-JavaScript post that needs correcting. */
export const serverRole: ServerPageRole = 'lead-forms';

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

/**
 * The contact page. On a phone its first screen holds the call button and the start of
 * the consultation form (#consultation); the booking form (#book-inspection) follows, and
 * comes first when it is the link's target, as the Book links are without JavaScript.
 * The page's text comes after the forms. Both forms post to /api/leads as plain forms too.
 */
export default function ContactPage() {
  const { data, body, file } = entry();
  const services = leadServiceOptions();
  const mail = (subject: string) => `mailto:${site.email}?subject=${encodeURIComponent(subject)}`;
  return (
    <>
      <PageHeader title={data.h1 ?? data.title} crumbs={[{ name: 'Home', path: '/' }]} lead={`${site.claims.sameDayEstimates}.`}>
        <div className="cta-actions contact-quick">
          <CallButton className="btn btn-call btn-lg" />
        </div>
      </PageHeader>
      <div className="container section with-aside">
        <div>
          <p className="lead-choice">
            <LeadChoice />
          </p>
          <div className="contact-forms">
            <section id="consultation" aria-labelledby="consultation-heading" className="aside-box">
              <h2 id="consultation-heading">Request a free consultation</h2>
              <Island of={ConsultationForm} props={{ idPrefix: 'consultation', services, office }} />
              <p className="form-alternatives">
                {site.promises.callBack.confirmed ? `${site.promises.callBack.value} ` : ''}For a leak or storm damage, the storm
                line is answered {site.claims.stormResponse}. Rather not use the form? <a href={telHref()}>Call {site.phone}</a>,{' '}
                <a href={smsHref('Hi, I would like a free roof consultation. My ZIP is ')}>send a text</a> or{' '}
                <a href={mail('Free consultation request')}>email us</a>.
              </p>
            </section>
            <section id="book-inspection" aria-labelledby="book-heading" className="aside-box">
              <h2 id="book-heading">Book a free roof inspection</h2>
              <p>
                Pick a day and whether mornings or afternoons suit you. A booking is a request: the office calls to confirm every
                visit.
              </p>
              <Island of={InspectionForm} props={{ idPrefix: 'book', services, office }} />
              <p className="form-alternatives">
                Rather talk it through? <a href={telHref()}>Call {site.phone}</a> to book.
              </p>
            </section>
          </div>
          <Prose markdown={body} file={file} />
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
            {site.hours.confirmed ? <p>Office hours: {site.hours.value}</p> : null}
            <p>{site.serviceArea}.</p>
          </div>
        </aside>
      </div>
    </>
  );
}
