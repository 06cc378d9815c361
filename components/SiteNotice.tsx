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
 * `<body>` of every public page while it is on, with its own stylesheet
 * (components/styles/notice.css, docs/decisions/069-storm-notice-pinned-alert.md).
 * A labelled region, not an alert: it is there when the page loads, so it is read in
 * order rather than interrupting on every page. The icon is decoration; the words say it all.
 * React escapes the owner's text.
 */
export default function SiteNotice({ text, link, expiresAt, phone }: SiteNoticeProps) {
  return (
    <section className="site-notice" aria-label="Notice from the office" data-notice-expires={expiresAt}>
      <div className="site-notice-inner">
        <svg className="site-notice-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z" fill="currentColor" fillRule="evenodd" />
        </svg>
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
    </section>
  );
}
