import { useEffect, useRef } from 'react';

interface Props {
  phone: string;
  tel: string;
}

/**
 * The fallback error screen. Shown over the page once an island
 * fails to render; it clears only by reloading or going home. The phone number
 * is always on it: a visitor who hits an error can still call.
 */
export default function FallbackScreen({ phone, tel }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      className="fallback-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="fallback-title"
      aria-describedby="fallback-text"
    >
      <div className="fallback-box">
        <h2 id="fallback-title" tabIndex={-1} ref={headingRef}>
          Something went wrong
        </h2>
        <p id="fallback-text">Please refresh the page or try again later. If the problem persists, contact support.</p>
        <p>
          Need us now? Call <a href={tel}>{phone}</a>.
        </p>
        <div className="cta-actions">
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            Refresh Page
          </button>
          <button type="button" className="btn btn-outline" onClick={() => location.assign('/')}>
            Go Home
          </button>
        </div>
      </div>
    </div>
  );
}
