import type { LeadsPageView } from './view.ts';
import { QuickSaved } from '../ui/QuickStatus.tsx';
import LeadFilters from './LeadFilters.tsx';
import LeadResults from './LeadResults.tsx';

/** /admin/leads: the search (filters folded away), one page of leads, the pages, and the export of the filtered set. */
export default function LeadsPanel(view: LeadsPageView) {
  return (
    <>
      <LeadFilters view={view} />
      {view.saved ? <QuickSaved saved={view.saved} back={view.here} /> : null}
      <LeadResults view={view} />
    </>
  );
}
