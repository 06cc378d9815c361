import { KIND_LABELS, LEAD_STATUSES, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import type { LeadsPageView } from '../../../lib/admin-view.ts';
import FilterSelect from './FilterSelect.tsx';

type Option = readonly [string, string];

/** The list's select filters, in the order the form shows them. */
const SELECTS: { name: 'status' | 'kind' | 'area' | 'spam'; label: string; options: readonly Option[] }[] = [
  { name: 'status', label: 'Status', options: [['', 'Any status'], ...LEAD_STATUSES.map((s): Option => [s, STATUS_LABELS[s]])] },
  {
    name: 'kind',
    label: 'Kind',
    options: [
      ['', 'Both kinds'],
      ['consultation', KIND_LABELS.consultation],
      ['inspection', KIND_LABELS.inspection],
    ],
  },
  {
    name: 'area',
    label: 'Service area',
    options: [
      ['', 'Inside or outside'],
      ['inside', 'Inside the service area'],
      ['outside', 'Outside the service area'],
    ],
  },
  {
    name: 'spam',
    label: 'Spam',
    options: [
      ['hide', 'Hide spam'],
      ['only', 'Spam only'],
      ['include', 'Include spam'],
    ],
  },
];

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
        {SELECTS.map((select) => (
          <FilterSelect key={select.name} {...select} value={f[select.name]} />
        ))}
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
