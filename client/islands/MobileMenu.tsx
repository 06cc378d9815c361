import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { CONSULTATION_URL } from '../../lib/urls.ts';
import { scrollToWithOffset } from '../scroll.ts';

interface Link {
  name: string;
  path: string;
}

export interface MobileMenuProps {
  current: string;
  links: Link[];
  popular: Link[];
}

/**
 * The mobile menu (SPEC.md section 2 "Mobile header", section 4 "Mobile menu").
 * A <details> disclosure, so it works before hydration and without JavaScript.
 * Hydrated, it locks body scroll and traps focus while open, returns focus to the
 * toggle, and closes on navigation.
 */
export default function MobileMenu({ current, links, popular }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (detailsRef.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    const details = detailsRef.current;
    if (!open || !details) return;
    document.body.classList.add('scroll-locked');
    const summary = details.querySelector('summary');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        summary?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...details.querySelectorAll<HTMLElement>('summary, a[href], button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onNavigate = () => setOpen(false);
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onNavigate);
    window.addEventListener('pagehide', onNavigate);
    return () => {
      document.body.classList.remove('scroll-locked');
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onNavigate);
      window.removeEventListener('pagehide', onNavigate);
    };
  }, [open]);

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);

  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>, link: Link) => {
    setOpen(false);
    detailsRef.current?.querySelector('summary')?.focus({ preventScroll: true });
    // SPEC.md section 2: Contact chosen on the contact page scrolls to the form, 150px offset.
    if (link.path === CONSULTATION_URL && current === '/contact') {
      event.preventDefault();
      scrollToWithOffset('consultation', 'contact');
    }
  };

  const item = (link: Link) => (
    <li key={link.path}>
      <a href={link.path} aria-current={current === link.path ? 'page' : undefined} onClick={(e) => onLinkClick(e, link)}>
        {link.name}
      </a>
    </li>
  );

  return (
    <details className="mobile-menu" ref={detailsRef} open={open} onToggle={onToggle}>
      <summary className="menu-toggle">
        <span className="menu-icon" aria-hidden="true" />
        <span className="menu-label">{open ? 'Close' : 'Menu'}</span>
      </summary>
      <nav className="mobile-panel" aria-label="Mobile">
        <ul className="mobile-links">{links.map(item)}</ul>
        <p className="mobile-heading">Popular Services</p>
        <ul className="mobile-links">{popular.map(item)}</ul>
      </nav>
    </details>
  );
}
