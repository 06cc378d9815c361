import { site } from '../content/site.ts';
import type { ReviewsPayload } from '../lib/reviews.ts';
import BeforeAfterSlider from './BeforeAfterSlider.tsx';
import CallButton from './CallButton.tsx';
import { useImage, usePage } from './page-context.ts';
import { useSheet } from './page-sheets.ts';
import Picture from './Picture.tsx';
import { BOOKING_URL } from '../lib/urls.ts';

/**
 * The home hero in its three variants. One markup: the
 * variant is the `data-variant` attribute, which the browser entry sets by the
 * owner's rule; until then CSS shows split under 768px and proof above,
 * so the first paint never shifts.
 */
export default function Hero() {
  useSheet('home');
  const { reviews } = usePage();
  const hero = useImage('hero-home.svg');
  const before = useImage('before-roof.svg');
  const after = useImage('after-roof.svg');
  const stats = [
    { value: site.claims.roofsProtected, label: 'roofs protected' },
    heroRating(reviews.payload),
    { value: site.claims.stormResponse, label: 'storm response' },
    { value: `Since ${site.foundedYear}`, label: 'family owned' },
  ];
  return (
    <section className="hero" data-hero="" data-variant="auto" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div className="hero-copy">
          <h1 id="hero-title">Savannah’s family roofer for repairs, replacements and storm damage</h1>
          <p className="lead">
            {`Honest inspections, clear written estimates and roofs built for coastal Georgia weather. Serving ${site.serviceArea}.`}
          </p>
          <div className="cta-actions">
            <a className="btn btn-primary btn-lg" href={BOOKING_URL} data-opens="appointment">
              Book a free inspection
            </a>
            <CallButton className="btn btn-call btn-lg" />
          </div>
        </div>
        <div className="hero-media">
          <div className="hero-image">
            <Picture
              image={hero}
              alt="Illustration of a coastal Georgia home with a new roof beside a live oak"
              sizes="(min-width: 768px) 45vw, 100vw"
              priority
              // Inline, this illustration (2.3 KB on the wire) kept the home page's HTML
              // past the first round trip, which costs FCP more than the file costs LCP.
              inline={false}
            />
          </div>
          <ul className="hero-proof">
            {stats.map((s) => (
              <li key={s.label}>
                <strong>{s.value}</strong> <span>{s.label}</span>
              </li>
            ))}
          </ul>
          <div className="hero-compare">
            <BeforeAfterSlider
              before={before}
              after={after}
              beforeAlt="Illustration of a worn roof with missing shingles, a tarp and an overflowing gutter"
              afterAlt="Illustration of the same house with a new roof and seamless gutters"
            />
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The hero's rating: Google's live average when the build read Google's
 * data, else the claim in the facts file, which the launch checklist asks the owner
 * to confirm. A sample file never supplies a number.
 */
export function heroRating(reviews: ReviewsPayload): { value: string; label: string } {
  if (reviews.source === 'google' && !reviews.sample && reviews.rating !== null) {
    return { value: reviews.rating.toFixed(1), label: 'rating on Google' };
  }
  return { value: site.claims.rating, label: 'rating' };
}
