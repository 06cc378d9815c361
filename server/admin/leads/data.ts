/** The leads inbox as words, and its export of the filtered set as a CSV stream. */
import { activeFilterCount, isFiltered, leadFiltersQuery, type LeadFilters } from '../../../lib/admin-leads.ts';
import type { QuickSavedView } from '../ui/view.ts';
import { LEADS_EXPORT_PATH, type LeadsPageView } from './view.ts';
import { officeToday } from '../../../lib/lead-schema.ts';
import type { Db } from '../../db/index.ts';
import { csvHeader, csvRows } from '../../leads/csv.ts';
import { leadsForExport, type listLeads } from '../../leads/admin-store.ts';
import type { AdminBuilt } from '../core/deps.ts';
import { leadRow } from '../core/format.ts';

type LeadsPage = Awaited<ReturnType<typeof listLeads>>;

/** What the inbox shows for these filters and this page of results; `at` is a page's address with the filters. */
export function leadsPageView(
  built: AdminBuilt,
  filters: LeadFilters,
  result: LeadsPage,
  at: (page: number) => string,
  saved: QuickSavedView | null = null,
): LeadsPageView {
  const path = built.site.pages['admin-leads'];
  return {
    filters: {
      status: filters.status ?? '',
      kind: filters.kind ?? '',
      from: filters.from ?? '',
      to: filters.to ?? '',
      area: filters.area ?? '',
      spam: filters.spam,
      q: filters.q,
    },
    filtered: isFiltered(filters),
    leads: result.leads.map((lead) => leadRow(built, lead)),
    total: result.total,
    page: result.page,
    pages: result.pages,
    prevHref: result.page > 1 ? at(Math.min(result.page - 1, result.pages)) : null,
    nextHref: result.page < result.pages ? at(result.page + 1) : null,
    exportHref: `${LEADS_EXPORT_PATH}${leadFiltersQuery({ ...filters, page: 1 })}`,
    clearHref: path,
    formPath: path,
    filterCount: activeFilterCount(filters),
    here: at(result.page),
    saved,
  };
}

/** The export of the filtered set, streamed in batches: 100,000 leads never sit in memory. */
export function leadsExport(db: Db, filters: LeadFilters, zone: string): Response {
  const encoder = new TextEncoder();
  const batches = leadsForExport(db, filters, zone);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheets read the names' accents as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvRows(next.value, zone)));
      } catch (error) {
        console.error('The leads export failed:', error instanceof Error ? error.message : error);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  // The office's date: in the evening in Savannah, UTC is already tomorrow.
  const day = officeToday(new Date(), zone);
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="leads-${day}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
