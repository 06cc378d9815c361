import type { ReactNode } from 'react';
import { site } from '../content/site.ts';
import { FAVICON_URL } from '../lib/urls.ts';
import type { PageMeta } from './meta.ts';
import { usePage } from './page-context.ts';

/**
 * The admin area's document: its
 * own stylesheet and script, no public header, footer, islands, tag manager, pixel
 * or notice. The navigation and the account are filled in per request by the
 * server (`data-slot="admin-nav"`), after it has checked the session.
 */
export default function AdminDocument({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { assets } = usePage();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="robots" content="noindex, nofollow" />
        {assets.adminCss ? <link rel="stylesheet" href={assets.adminCss} /> : null}
        <link rel="icon" href={FAVICON_URL} type="image/svg+xml" />
        <link rel="manifest" href="/admin.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/admin-180.png" />
        <meta name="theme-color" content="#12304a" />
        <meta name="apple-mobile-web-app-title" content="Roof admin" />
        {assets.admin ? <script type="module" src={assets.admin} /> : null}
      </head>
      <body className="admin">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="admin-header">
          <div className="admin-bar">
            <p className="admin-brand">
              {site.name} <span>admin</span>
            </p>
            <div className="admin-nav" data-slot="admin-nav" />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="admin-main">
          {children}
        </main>
      </body>
    </html>
  );
}
