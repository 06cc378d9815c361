import ArticleCard from '../components/ArticleCard.tsx';
import { blogTeasers } from './_blog-teasers.ts';
import CardList from '../components/CardList.tsx';
import CtaBand from '../components/CtaBand.tsx';
import FaqList from '../components/FaqList.tsx';
import Hero from '../components/Hero.tsx';
import MapLocator from '../components/MapLocator.tsx';
import type { PageMeta } from '../components/meta.ts';
import { usePage } from '../components/page-context.ts';
import { useSheet } from '../components/page-sheets.ts';
import ReviewList from '../components/ReviewList.tsx';
import { SOURCES_HEADING_ID } from '../components/SourceList.tsx';
import { businessJsonLd } from '../components/structured-data.ts';
import WorkCard from '../components/WorkCard.tsx';
import { CONSULTATION_URL, GALLERY_URL, serviceUrl } from '../lib/urls.ts';
import { fullAddress, site } from '../content/site.ts';
import { getEntry, guidesClaim, loadCollection } from '../content/layer/content.ts';
import type { PageProps } from '../components/page-module.ts';
import { galleryProjects } from '../content/layer/gallery.ts';

/** SPEC.md section 2 "Home page": the four-step process, in order. */
export const PROCESS_STEPS = [
  { name: 'Free Inspection', text: 'We look over the roof and show you what we find.' },
  { name: 'Detailed Estimate', text: `${site.claims.sameDayEstimates}.` },
  { name: 'Expert Installation', text: "The roof you chose, installed to the maker's instructions and the building code." },
  { name: 'Final Inspection', text: 'We go over the finished roof with you.' },
];

/** SPEC.md section 9: reviews shown on the home page. */
export const HOME_REVIEW_LIMIT = 6;
/** Featured work: the newest gallery projects. */
export const HOME_PROJECTS = 3;
/** SPEC.md section 2: three blog teasers, the newest articles. */
export const HOME_TEASERS = 3;
/**
 * The first questions of /faq. Each answer names its source and year in its own words;
 * the full references are /faq's Sources list (a list here would push the page past the
 * first round trip: tests/first-paint.test.ts).
 */
export const HOME_FAQS = 6;

export function sources(): string[] {
  return [getEntry('pages', 'faq').file];
}

export function meta({ siteUrl }: PageProps): PageMeta {
  return {
    title: 'Roof Repair & Replacement in Savannah, GA',
    description: `Family-owned Savannah roofer: repairs, replacements, storm work and free inspections within ${site.radiusMiles} miles. Call ${site.phone}.`,
    structuredData: businessJsonLd(siteUrl),
  };
}

/** Sections in the spec's order (SPEC.md section 2 "Home page"); each below the fold loads when near. */
export default function Home() {
  const { nav } = usePage();
  useSheet('home');
  const services = loadCollection('services');
  const faq = getEntry('pages', 'faq');
  const why = [
    {
      title: 'Local and family owned',
      text: `A Savannah family business since ${site.foundedYear}, working the coast we live on.`,
    },
    {
      title: 'Built for coastal weather',
      text: 'Our guides explain wind ratings, sealed roof decks and the metals that last in salt air.',
    },
    {
      title: 'Straight answers',
      text: 'Every cost figure on this site names its source and year, and our guides say where the sources stop.',
    },
    { title: 'There when storms hit', text: `${site.claims.stormResponse} storm response. ${site.claims.onSite}.` },
  ];
  return (
    <>
      <Hero />

      <section className="trust-lines-section" aria-label="At a glance">
        <ul className="container trust-lines">
          <li>{site.claims.licensed}</li>
          <li>{site.claims.onSite}</li>
          <li>{site.claims.sameDayEstimates}</li>
          <li>{site.claims.financing}</li>
        </ul>
      </section>

      <section className="section" aria-labelledby="why-title" data-section="">
        <div className="container">
          <h2 id="why-title">Why Savannah homeowners choose us</h2>
          <ul className="card-grid">
            {why.map((w) => (
              <li className="card" key={w.title}>
                <h3>{w.title}</h3>
                <p>{w.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="work-title" data-section="">
        <div className="container">
          <h2 id="work-title">Featured work</h2>
          <p>Illustrated examples of typical jobs around Savannah, not photographs of real ones.</p>
          <ul className="work-grid work-grid-compact">
            {galleryProjects()
              .slice(0, HOME_PROJECTS)
              .map((p) => (
                <WorkCard key={p.slug} project={p} headingLevel={3} story={false} />
              ))}
          </ul>
          <p>
            <a href={GALLERY_URL}>See the gallery</a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="services-title" data-section="">
        <div className="container">
          <h2 id="services-title">Roofing services</h2>
          <CardList
            headingLevel={3}
            items={nav.popularServices.map((s) => ({
              name: s.name,
              path: s.path,
              text: services.find((e) => serviceUrl(e.slug) === s.path)?.data.summary ?? '',
            }))}
          />
          <p>
            <a href="/services">All {services.length} services</a>
          </p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="process-title" data-section="">
        <div className="container">
          <h2 id="process-title">How it works</h2>
          <ol className="card-grid process">
            {PROCESS_STEPS.map((step, i) => (
              <li className="card" key={step.name}>
                <span className="tag">Step {i + 1}</span>
                <h3>{step.name}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section brands-section" aria-labelledby="brands-title" data-section="">
        <div className="container">
          <h2 id="brands-title">Shingle brands we compare</h2>
          {/* WCAG 2.2.2: moving content that lasts has a way to stop it (hover and focus pause it too). */}
          <label className="marquee-stop needs-script">
            <input type="checkbox" /> Stop the moving list of brands
          </label>
        </div>
        <div className="marquee">
          <ul className="marquee-track">
            {[...nav.brands, ...nav.brands].map((b, i) => (
              <li key={`${b.path}-${i}`} aria-hidden={i >= nav.brands.length ? true : undefined}>
                <a href={b.path} tabIndex={i >= nav.brands.length ? -1 : undefined}>
                  {b.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="section section-alt" data-section="">
        <div className="container">
          <ReviewList limit={HOME_REVIEW_LIMIT} />
        </div>
      </div>

      <div className="section" data-section="">
        <div className="container prose">
          {faq.data.faqs ? <FaqList faqs={faq.data.faqs.slice(0, HOME_FAQS)} file={faq.file} /> : null}
          <p>
            <a href="/faq">More questions and answers</a> ·{' '}
            <a href={`/faq#${SOURCES_HEADING_ID}`}>Where these answers come from</a>
          </p>
        </div>
      </div>

      <div className="container" data-section="">
        <CtaBand heading="Leak, storm damage or just worried?" />
      </div>

      <section className="section" aria-labelledby="blog-title" data-section="">
        <div className="container">
          <h2 id="blog-title">From the blog</h2>
          <ul className="card-grid">
            {blogTeasers()
              .slice(0, HOME_TEASERS)
              .map((t) => (
                <ArticleCard key={t.path} teaser={t} headingLevel={3} />
              ))}
          </ul>
          <p>
            <a href="/blog">All {guidesClaim()} guides</a> · <a href={CONSULTATION_URL}>Ask us a question</a>
          </p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="map-title" data-section="">
        <div className="container">
          <h2 id="map-title">Where we work</h2>
          <p>
            From our office at {fullAddress()} we serve {site.serviceArea}.
          </p>
          <MapLocator
            query={`${site.address.city}, ${site.address.region} ${site.address.zip}`}
            title={`Map of ${site.serviceArea}`}
          />
        </div>
      </section>
    </>
  );
}
