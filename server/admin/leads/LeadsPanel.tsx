import type { LeadsPageView } from '../../../lib/admin-view.ts';
import LeadFilters from './LeadFilters.tsx';
import LeadResults from './LeadResults.tsx';

/** /admin/leads: the filters, one page of leads, the pages, and the export of the filtered set. */
export default function LeadsPanel(view: LeadsPageView) {
  return (
    <>
      <LeadFilters view={view} />
      <LeadResults view={view} />
    </>
  );
}
