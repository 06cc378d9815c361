import CallButton from './CallButton.tsx';
import DesktopNav from './DesktopNav.tsx';
import MobileMenu from './MobileMenu.tsx';
import Logo from './Logo.tsx';
import { usePage } from './page-context.ts';
import { CONSULTATION_URL } from '../lib/urls.ts';

/** Desktop and mobile header from one list of items (content/layer/site-data.ts), switched by CSS. */
export default function SiteHeader() {
  const { path, nav } = usePage();
  return (
    <header className="site-header" id="site-header">
      <div className="header-bar">
        <div className="scroll-progress" aria-hidden="true" />
        <div className="header-inner">
          <Logo />
          <DesktopNav current={path} nav={nav} />
          <div className="header-actions">
            <a className="btn btn-primary btn-consult" href={CONSULTATION_URL}>
              Free Consultation
            </a>
            <CallButton className="btn btn-call header-call" />
          </div>
          <MobileMenu current={path} nav={nav} />
        </div>
      </div>
    </header>
  );
}
