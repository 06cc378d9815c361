import DesktopNav from '../client/islands/DesktopNav.tsx';
import MobileMenu from '../client/islands/MobileMenu.tsx';
import CallButton from './CallButton.tsx';
import Island from './Island.tsx';
import Logo from './Logo.tsx';
import { usePage } from './page-context.ts';
import { CONSULTATION_URL } from './urls.ts';

/** SPEC.md section 2 "Layout": desktop and mobile header, one markup, switched by CSS. */
export default function SiteHeader() {
  const { path, nav } = usePage();
  const mobileLinks = [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
    { name: 'Gallery', path: '/gallery' },
    { name: 'Blog', path: '/blog' },
    { name: 'About', path: '/about' },
    { name: 'Contact', path: CONSULTATION_URL },
  ];
  const popular = ['emergency-roof-repair', 'storm-damage-roof-repair', 'roof-replacements'].map((slug) => {
    const found = nav.services.find((s) => s.path.endsWith(`/${slug}`));
    if (!found) throw new Error(`content/services/${slug}.md is missing (mobile menu "Popular Services")`);
    return found;
  });
  const popularLabels = ['Emergency Repair', 'Storm Damage', 'Roof Replacement'];
  return (
    <header className="site-header" id="site-header">
      <div className="header-bar">
        <div className="scroll-progress" aria-hidden="true" />
        <div className="header-inner">
          <Logo />
          <Island
            of={DesktopNav}
            className="island desktop-only"
            props={{
              current: path,
              popularServices: nav.popularServices,
              services: nav.services,
              brands: nav.brands,
              comparisons: nav.comparisons,
              topics: nav.topics,
              recentArticles: nav.recentArticles,
            }}
          />
          <div className="header-actions">
            <a className="btn btn-primary btn-consult" href={CONSULTATION_URL}>
              Free Consultation
            </a>
            <CallButton className="btn btn-call header-call" />
          </div>
          <Island
            of={MobileMenu}
            className="island mobile-only"
            props={{
              current: path,
              links: mobileLinks,
              popular: popular.map((p, i) => ({ name: popularLabels[i], path: p.path })),
            }}
          />
        </div>
      </div>
    </header>
  );
}
