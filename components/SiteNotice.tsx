import { telHref } from '../lib/site-facts.ts';

export interface SiteNoticeProps {
  text: string;
  /** An https URL or a path on this site. */
  link: string | null;
  /** ISO instant; client/injected/site-notice.ts removes the notice then. */
  expiresAt: string;
  phone: string;
}

/**
 * The owner's site-wide notice (storm season), injected by the server right after
 * `<body>` of every public page while it is on. React escapes the owner's text.
 */
export default function SiteNotice({ text, link, expiresAt, phone }: SiteNoticeProps) {
  return (
    <div className="site-notice" role="region" aria-label="Notice from the office" data-notice-expires={expiresAt}>
      <p>
        <span className="site-notice-text">{text}</span>{' '}
        {link ? (
          <>
            <a href={link}>More information</a>{' '}
          </>
        ) : null}
        <span className="site-notice-call">
          Call <a href={telHref(phone)}>{phone}</a>
        </span>
      </p>
    </div>
  );
}
