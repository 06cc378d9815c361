import type { ReactNode } from 'react';
import AppointmentDialog from '../client/islands/AppointmentDialog.tsx';
import Toaster from '../client/islands/Toaster.tsx';
import { office, site, telHref } from '../content/site.ts';
import EntryLoader from './EntryLoader.tsx';
import Island from './Island.tsx';
import Head from './Head.tsx';
import MobileBar from './MobileBar.tsx';
import SiteFooter from './SiteFooter.tsx';
import SiteHeader from './SiteHeader.tsx';
import type { PageMeta } from './meta.ts';

/** The whole HTML document: head, shared layout (header, footer, mobile bar) and the page. */
export default function Document({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  return (
    <html lang="en">
      <Head meta={meta} />
      <body data-phone={site.phone} data-tel={telHref()}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter book={!meta.afterBooking} />
        <MobileBar book={!meta.afterBooking} />
        {meta.afterBooking ? null : <Island of={AppointmentDialog} props={{ office }} />}
        <Island of={Toaster} props={{}} />
        <EntryLoader />
      </body>
    </html>
  );
}
