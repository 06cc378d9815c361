import ArticleCard from '../components/ArticleCard.tsx';
import { blogTeasers } from '../components/blog-teasers.ts';
import CallButton from '../components/CallButton.tsx';
import CardList from '../components/CardList.tsx';
import CtaBand from '../components/CtaBand.tsx';
import FaqList from '../components/FaqList.tsx';
import type { PageMeta } from '../components/meta.ts';
import { useImage, usePage } from '../components/page-context.ts';
import Picture from '../components/Picture.tsx';
import ReviewList from '../components/ReviewList.tsx';
import { businessJsonLd } from '../components/structured-data.ts';
import { BOOKING_URL, CONSULTATION_URL, serviceUrl } from '../components/urls.ts';
import { site } from '../content/site.ts';
import { getEntry, guidesClaim, loadCollection } from '../build/content.ts';
import type { PageProps } from '../build/routes.ts';
import { GALLERY } from './gallery.tsx';

/** SPEC.md section 2 "Home page": the four-step process, in order. */
export const PROCESS_STEPS = [
  { name: 'Free Inspection', text: 'We walk the roof and the attic, photograph what we find and show you.' },
  { name: 'Detailed Estimate', text: 'A written, line-by-line estimate the same day, with no obligation.' },
  { name: 'Expert Installation', text: 'Permits pulled, property protected, crews on site until the job is done.' },
  { name: 'Final Inspection', text: 'We inspect the finished roof with you and clean up every nail.' },
];

/** SPEC.md section 9: reviews shown on the home page. */
export const HOME_REVIEW_LIMIT = 6;

export function sources(): string[] {
  return [getEntry('pages', 'faq').file];
}

export function meta({ siteUrl }: PageProps): PageMeta {
  return {
    title: `Roof Repair & Replacement in Savannah, GA | ${site.name}`.slice(0, 70),
    description: `Family-owned Savannah roofer: repairs, replacements, storm work and free inspections within ${site.radiusMiles} miles. Call ${site.phone}.`,
    structuredData: businessJsonLd(siteUrl),
  };
}

export default function Home() {
  const { nav } = usePage();
  const hero = useImage('hero-home.svg');
  const services = loadCollection('services');
  const faq = getEntry('pages', 'faq');
  const why = [
    {
      title: 'Local and family owned',
      text: `A Savannah family business since ${site.foundedYear}, working the coast we live on.`,
    },
    { title: 'Built for coastal weather', text: 'Wind-rated systems, sealed decks and corrosion-resistant metals for salt air.' },
    { title: 'Straight answers', text: `${site.claims.sameDayEstimates}. Photos of every problem we find.` },
    { title: 'There when storms hit', text: `${site.claims.stormResponse} storm response. ${site.claims.onSite}.` },
  ];
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div>
            <h1 id="hero-title">Savannah’s family roofer for repairs, replacements and storm damage</h1>
            <p className="lead">
              Honest inspections, clear written estimates and roofs built for coastal Georgia weather. Serving {site.serviceArea}.
            </p>
            <div className="cta-actions">
              <a className="btn btn-primary btn-lg" href={BOOKING_URL} data-opens="appointment">
                Book a free inspection
              </a>
              <CallButton className="btn btn-call btn-lg" />
            </div>
            <ul className="trust-lines">
              <li>{site.claims.roofsProtected} roofs protected</li>
              <li>{site.claims.rating} rating</li>
              <li>{site.claims.stormResponse} storm response</li>
              <li>Family owned since {site.foundedYear}</li>
            </ul>
          </div>
          <div className="hero-art">
            <Picture
              image={hero}
              alt="Illustration of a coastal Georgia home with a new roof beside a live oak"
              sizes="(min-width: 768px) 45vw, 100vw"
              priority
            />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
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
          <p className="meta-line">
            {site.claims.licensed}. {site.claims.onSite}.
          </p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="work-title">
        <div className="container">
          <h2 id="work-title">Featured work</h2>
          <ul className="card-grid">
            {GALLERY.slice(0, 3).map((g) => (
              <FeaturedWork key={g.image} image={g.image} caption={g.caption} />
            ))}
          </ul>
          <p>
            <a href="/gallery">See the gallery</a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="services-title">
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

      <section className="section section-alt" aria-labelledby="process-title">
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

      <section className="section" aria-labelledby="brands-title">
        <div className="container">
          <h2 id="brands-title">Shingle brands we work with</h2>
          <ul className="pill-list">
            {nav.brands.map((b) => (
              <li key={b.path}>
                <a href={b.path}>{b.name}</a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="section section-alt">
        <div className="container">
          <ReviewList limit={HOME_REVIEW_LIMIT} />
        </div>
      </div>

      <div className="section">
        <div className="container prose">
          {faq.data.faqs ? <FaqList faqs={faq.data.faqs.slice(0, 6)} file={faq.file} /> : null}
          <p>
            <a href="/faq">More questions and answers</a>
          </p>
        </div>
      </div>

      <div className="container">
        <CtaBand heading="Leak, storm damage or just worried?" />
      </div>

      <section className="section" aria-labelledby="blog-title">
        <div className="container">
          <h2 id="blog-title">From the blog</h2>
          <ul className="card-grid">
            {blogTeasers()
              .slice(0, 3)
              .map((t) => (
                <ArticleCard key={t.path} teaser={t} headingLevel={3} />
              ))}
          </ul>
          <p>
            <a href="/blog">All {guidesClaim()} guides</a> · <a href={CONSULTATION_URL}>Ask us a question</a>
          </p>
        </div>
      </section>
    </>
  );
}

function FeaturedWork({ image, caption }: { image: string; caption: string }) {
  const processed = useImage(image);
  return (
    <li className="card">
      <figure>
        <Picture image={processed} alt={caption} sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw" />
        <figcaption>{caption} (illustration)</figcaption>
      </figure>
    </li>
  );
}
