import BrandMarquee from '../components/BrandMarquee.tsx';
import { blogTeasers } from './_blog-teasers.ts';
import CardList from '../components/CardList.tsx';
import CtaBand from '../components/CtaBand.tsx';
import FaqTeaser from '../components/FaqTeaser.tsx';
import HomeSection from '../components/HomeSection.tsx';
import FeaturedWork from '../components/FeaturedWork.tsx';
import Hero from '../components/Hero.tsx';
import LatestArticles from '../components/LatestArticles.tsx';
import TrustLines from '../components/TrustLines.tsx';
import MapLocator from '../components/MapLocator.tsx';
import type { PageMeta } from '../components/meta.ts';
import { usePage } from '../components/page-context.ts';
import { useSheet } from '../components/page-sheets.ts';
import ReviewList from '../components/ReviewList.tsx';
import { businessJsonLd } from '../components/structured-data.ts';
import { serviceUrl } from '../lib/urls.ts';
import { fullAddress, site } from '../content/site.ts';
import { getEntry, guidesClaim, loadCollection } from '../content/layer/content.ts';
import type { PageProps } from '../components/page-module.ts';
import { galleryProjects } from '../content/layer/gallery.ts';

/** The four-step process, in order. */
export const PROCESS_STEPS = [
  { name: 'Free Inspection', text: 'We look over the roof and show you what we find.' },
  { name: 'Detailed Estimate', text: `${site.claims.sameDayEstimates}.` },
  { name: 'Expert Installation', text: "The roof you chose, installed to the maker's instructions and the building code." },
  { name: 'Final Inspection', text: 'We go over the finished roof with you.' },
];

/** Reviews shown on the home page. */
export const HOME_REVIEW_LIMIT = 6;
/** Featured work: the newest gallery projects. */
export const HOME_PROJECTS = 3;
/** Three blog teasers, the newest articles. */
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
    title: `${site.name} | Roof Repair & Replacement`,
    description: `Family-owned Savannah roofer: repairs, replacements, storm work and free inspections within ${site.radiusMiles} miles. Call ${site.phone}.`,
    structuredData: businessJsonLd(siteUrl),
  };
}

/** Why choose us, the home page's first section below the hero. */
const WHY = [
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

/** The home page's sections in the order the owner set; each below the fold loads when near. */
// Long because it is the page's section order, which reads best top to bottom in one place; each section is already its own component.
export default function Home() {
  const { nav, reviews } = usePage();
  useSheet('home');
  // Nothing to show yet (no real review, no Google profile): no band, only the island's empty box.
  const reviewsBand = reviews.payload.reviews.length > 0 || reviews.payload.mapsUrl !== null;
  const services = loadCollection('services');
  const faq = getEntry('pages', 'faq');
  return (
    <>
      <Hero />

      <TrustLines />

      <HomeSection id="why-title" title="Why Savannah homeowners choose us">
        <ul className="card-grid">
          {WHY.map((w) => (
            <li className="card" key={w.title}>
              <h3>{w.title}</h3>
              <p>{w.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <FeaturedWork projects={galleryProjects().slice(0, HOME_PROJECTS)} />

      <HomeSection id="services-title" title="Roofing services">
        <CardList
          headingLevel={3}
          items={nav.popularServices.map((s) => ({
            name: s.name,
            path: s.path,
            text: services.find((e) => serviceUrl(e.slug) === s.path)?.data.summary ?? '',
          }))}
        />
        <p>
          <a href="/services">{`All ${services.length} services`}</a>
        </p>
      </HomeSection>

      <HomeSection id="process-title" title="How it works" alt>
        <ol className="card-grid process">
          {PROCESS_STEPS.map((step, i) => (
            <li className="card" key={step.name}>
              <span className="tag">{`Step ${i + 1}`}</span>
              <h3>{step.name}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </HomeSection>

      <BrandMarquee brands={nav.brands} />

      {reviewsBand ? (
        <div className="section section-alt" data-section="">
          <div className="container">
            <ReviewList limit={HOME_REVIEW_LIMIT} />
          </div>
        </div>
      ) : (
        <ReviewList limit={HOME_REVIEW_LIMIT} />
      )}

      <FaqTeaser faqs={faq.data.faqs?.slice(0, HOME_FAQS)} file={faq.file} />

      <div className="container" data-section="">
        <CtaBand heading="Leak, storm damage or just worried?" />
      </div>

      <LatestArticles teasers={blogTeasers().slice(0, HOME_TEASERS)} guides={guidesClaim()} />

      <HomeSection id="map-title" title="Where we work" alt>
        <p>{`From our office at ${fullAddress()} we serve ${site.serviceArea}.`}</p>
        <MapLocator
          query={`${site.address.city}, ${site.address.region} ${site.address.zip}`}
          title={`Map of ${site.serviceArea}`}
        />
      </HomeSection>
    </>
  );
}
