import type { LeadsPageView } from './view.ts';
import Pager from '../ui/Pager.tsx';
import LeadsTable from '../ui/LeadsTable.tsx';

/** One page of leads, the way to the next and previous pages, and the export of the filtered set. */
export default function LeadResults({ view }: { view: LeadsPageView }) {
  return (
    <section className="admin-section" aria-labelledby="results-title">
      <h2 id="results-title">
        {view.total === 0
          ? 'No leads'
          : `${view.total.toLocaleString('en-US')} ${view.total === 1 ? 'lead' : 'leads'}${view.pages > 1 ? `, page ${view.page} of ${view.pages}` : ''}`}
      </h2>
      {view.leads.length ? (
        <>
          <LeadsTable
            leads={view.leads}
            caption={view.filtered ? 'Leads matching the filters, newest first' : 'Leads, newest first'}
            quickBack={view.here}
          />
          <Pager
            label="Pages of leads"
            prev={{ href: view.prevHref, text: 'Newer leads' }}
            next={{ href: view.nextHref, text: 'Older leads' }}
          />
          <p>
            <a className="btn btn-outline" href={view.exportHref} download="">
              Export {view.filtered ? 'these' : 'all'} {view.total === 1 ? 'lead' : `${view.total.toLocaleString('en-US')} leads`}{' '}
              as CSV
            </a>
          </p>
        </>
      ) : view.filtered ? (
        <p className="admin-empty">
          No lead matches these filters. <a href={view.clearHref}>Clear the filters</a> to see every lead.
        </p>
      ) : (
        <p className="admin-empty">
          No leads yet: here is how they arrive. A visitor fills in the consultation form on the contact page or books an
          inspection from any page; the lead is stored here at once and emailed to the office.
        </p>
      )}
    </section>
  );
}
