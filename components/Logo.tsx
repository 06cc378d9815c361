import { site } from '../content/site.ts';

/** The wordmark with an inline roof mark; inline so it costs no request. */
export default function Logo() {
  return (
    <a className="logo" href="/" aria-label={`${site.name}, home`}>
      <svg className="logo-mark" viewBox="0 0 40 32" width="40" height="32" aria-hidden="true" focusable="false">
        <path d="M2 17 20 3l18 14" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
        <path d="M8 15v14h24V15" fill="none" stroke="var(--copper)" strokeWidth="3" />
        <rect x="17" y="20" width="6" height="9" fill="var(--copper)" />
      </svg>
      <span className="logo-text">{site.name}</span>
    </a>
  );
}
