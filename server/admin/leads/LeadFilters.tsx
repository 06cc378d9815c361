import { KIND_LABELS, LEAD_STATUSES, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import type { LeadsPageView } from './view.ts';
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

/**
 * The search box, with the other filters folded behind a "Filters" button that says how many
 * are on: a GET form, so the URL keeps them and a view can be bookmarked.
 */
export default function LeadFilters({ view }: { view: LeadsPageView }) {
  const f = view.filters;
  return (
    <form method="get" action={view.formPath} className="leads-filters" role="search" aria-label="Find leads">
      <div className="leads-search">
        <label htmlFor="lead-q">Search</label>
        <input
          id="lead-q"
          name="q"
          type="search"
          defaultValue={f.q}
          aria-describedby="lead-q-hint"
          maxLength={100}
          placeholder="Name, phone or ZIP"
        />
        <button type="submit" className="btn btn-primary">
          Show leads
        </button>
      </div>
      <p className="field-hint" id="lead-q-hint">
        A name, phone number, email, ZIP or booking reference; the start of a word is enough.
      </p>
      <details className="leads-more-filters">
        <summary className="btn btn-outline btn-small">Filters{view.filterCount ? ` (${view.filterCount} on)` : ''}</summary>
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
            Apply the filters
          </button>
        </div>
      </details>
      {view.filtered ? (
        <p className="leads-clear">
          <a href={view.clearHref}>Clear the search and filters</a>
        </p>
      ) : null}
    </form>
  );
}
