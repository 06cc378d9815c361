/** What the leads inbox draws, and where its export is downloaded. */
import type { LeadRowView, QuickSavedView } from '../ui/view.ts';

export const LEADS_EXPORT_PATH = '/api/admin/leads/export.csv';

export interface LeadsPageView {
  filters: {
    status: string;
    kind: string;
    from: string;
    to: string;
    area: string;
    spam: string;
    q: string;
  };
  filtered: boolean;
  leads: LeadRowView[];
  total: number;
  page: number;
  pages: number;
  prevHref: string | null;
  nextHref: string | null;
  exportHref: string;
  clearHref: string;
  formPath: string;
  /** How many filters are on (the "Filters" button says so). */
  filterCount: number;
  /** This list's address, where a one-tap status change made here comes back to. */
  here: string;
  /** After a status set from this list without JavaScript: what changed, and the undo. */
  saved: QuickSavedView | null;
}
