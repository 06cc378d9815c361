import { KIND_LABELS, LEAD_STATUSES, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import type { LeadsPageView } from '../../../lib/admin-view.ts';
import LeadsTable from '../ui/LeadsTable.tsx';

/** One filter of the leads list: a labelled select whose value the URL keeps. */
function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={`lead-${name}`}>{label}</label>
      <select id={`lead-${name}`} name={name} defaultValue={value}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /admin/leads (issue 10): the filters (a GET form, so the URL keeps them and a
 * view can be bookmarked), one page of leads, the pages, and the export of the
 * filtered set.
 */
export default function LeadsPanel(view: LeadsPageView) {
  const f = view.filters;
  return (
    <>
      <form method="get" action={view.formPath} className="admin-section leads-filters" aria-labelledby="filters-title">
        <h2 id="filters-title">Find leads</h2>
        <div className="field">
          <label htmlFor="lead-q">Search</label>
          <p className="field-hint" id="lead-q-hint">
            A name, phone number, email, ZIP or booking reference; the start of a word is enough.
          </p>
          <input id="lead-q" name="q" type="search" defaultValue={f.q} aria-describedby="lead-q-hint" maxLength={100} />
        </div>
        <div className="filter-grid">
          <FilterSelect
            name="status"
            label="Status"
            value={f.status}
            options={[['', 'Any status'], ...LEAD_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)]}
          />
          <FilterSelect
            name="kind"
            label="Kind"
            value={f.kind}
            options={[
              ['', 'Both kinds'],
              ['consultation', KIND_LABELS.consultation],
              ['inspection', KIND_LABELS.inspection],
            ]}
          />
          <FilterSelect
            name="area"
            label="Service area"
            value={f.area}
            options={[
              ['', 'Inside or outside'],
              ['inside', 'Inside the service area'],
              ['outside', 'Outside the service area'],
            ]}
          />
          <FilterSelect
            name="spam"
            label="Spam"
            value={f.spam}
            options={[
              ['hide', 'Hide spam'],
              ['only', 'Spam only'],
              ['include', 'Include spam'],
            ]}
          />
          <div className="field">
            <label htmlFor="lead-from">Received from</label>
            <input id="lead-from" name="from" type="date" defaultValue={f.from} />
          </div>
          <div className="field">
            <label htmlFor="lead-to">Received until</label>
            <input id="lead-to" name="to" type="date" defaultValue={f.to} />
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show leads
          </button>
          {view.filtered ? (
            <a className="btn btn-outline" href={view.clearHref}>
              Clear the filters
            </a>
          ) : null}
        </div>
      </form>

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
            />
            <nav className="admin-pager" aria-label="Pages of leads">
              {view.prevHref ? (
                <a className="btn btn-outline" href={view.prevHref} rel="prev">
                  Newer leads
                </a>
              ) : null}
              {view.nextHref ? (
                <a className="btn btn-outline" href={view.nextHref} rel="next">
                  Older leads
                </a>
              ) : null}
            </nav>
            <p>
              <a className="btn btn-outline" href={view.exportHref} download="">
                Export {view.filtered ? 'these' : 'all'}{' '}
                {view.total === 1 ? 'lead' : `${view.total.toLocaleString('en-US')} leads`} as CSV
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
    </>
  );
}
