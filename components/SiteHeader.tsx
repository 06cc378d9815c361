import DesktopNav from '../client/islands/DesktopNav.tsx';
import MobileMenu from '../client/islands/MobileMenu.tsx';
import CallButton from './CallButton.tsx';
import Island from './Island.tsx';
import Logo from './Logo.tsx';
import { usePage } from './page-context.ts';
import { CONSULTATION_URL } from '../lib/urls.ts';

/** SPEC.md section 2 "Layout": desktop and mobile header from one list of items (build/site-data.ts), switched by CSS. */
export default function SiteHeader() {
  const { path, nav } = usePage();
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
              items: nav.header.filter((item) => item.on.includes('desktop')),
              popularServices: nav.headerPopular,
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
              links: nav.header.filter((item) => item.on.includes('mobile')).map(({ name, path }) => ({ name, path })),
              popular: nav.headerPopular,
            }}
          />
        </div>
      </div>
    </header>
  );
}
