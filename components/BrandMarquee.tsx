import type { NavLink } from '../content/layer/site-data.ts';

/**
 * The home page's moving list of brands. The list is written twice so the loop
 * never shows a gap; the copy is hidden from assistive technology and the keyboard.
 */
export default function BrandMarquee({ brands }: { brands: readonly NavLink[] }) {
  return (
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
          {[...brands, ...brands].map((b, i) => (
            <li key={`${b.path}-${i}`} aria-hidden={i >= brands.length ? true : undefined}>
              <a href={b.path} tabIndex={i >= brands.length ? -1 : undefined}>
                {b.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
