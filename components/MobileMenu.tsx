import type { NavData } from '../content/layer/site-data.ts';

/**
 * The mobile menu.
 * A <details> disclosure, so it works without JavaScript. client/behaviours/mobile-menu.ts
 * locks body scroll and traps focus while it is open, returns focus to the toggle,
 * closes it on navigation and scrolls to the form for Contact on the contact page.
 */
export default function MobileMenu({ current, nav }: { current: string; nav: NavData }) {
  const links = nav.header.filter((item) => item.on.includes('mobile'));
  const item = (link: { name: string; path: string }) => (
    <li key={link.path}>
      <a href={link.path} aria-current={current === link.path ? 'page' : undefined}>
        {link.name}
      </a>
    </li>
  );
  return (
    <details className="mobile-menu mobile-only" data-behaviour="mobile-menu">
      <summary className="menu-toggle">
        <span className="menu-icon" aria-hidden="true" />
        {/* The label follows the open state in CSS, so it is right before and without the script. */}
        <span className="menu-label">
          <span className="menu-label-closed">Menu</span>
          <span className="menu-label-open">Close</span>
        </span>
      </summary>
      <nav className="mobile-panel" aria-label="Mobile">
        <ul className="mobile-links">{links.map(item)}</ul>
        <p className="mobile-heading">Popular Services</p>
        <ul className="mobile-links">{nav.headerPopular.map(item)}</ul>
      </nav>
    </details>
  );
}
