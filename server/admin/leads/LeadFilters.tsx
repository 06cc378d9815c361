import { KIND_LABELS, LEAD_STATUSES, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import type { LeadsPageView } from '../../../lib/admin-view.ts';
import FilterSelect from './FilterSelect.tsx';

/** The filters: a GET form, so the URL keeps them and a view can be bookmarked. */
export default function LeadFilters({ view }: { view: LeadsPageView }) {
  const f = view.filters;
  return (
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
  );
}
