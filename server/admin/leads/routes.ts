/**
 * /admin/leads and its APIs: the filtered list, the export of the filtered set and
 * the newest lead's id the dashboard polls. The guard has run for every route here.
 */
import { Hono } from 'hono';
import { createElement } from 'react';
import { LEAD_STATUSES, leadFiltersQuery, parseLeadFilters, STATUS_LABELS, type LeadStatus } from '../../../lib/admin-leads.ts';
import { LATEST_LEAD_PATH } from '../../../lib/admin-leads.ts';
import { LEADS_EXPORT_PATH } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { findLeadByReference, latestLeadId, listLeads } from '../../leads/admin-store.ts';
import { officeClock } from '../core/format.ts';
import { workbenchPage, type AdminPageDeps } from '../core/pages.ts';
import type { AdminContext, AdminTopic } from '../core/workbench.ts';
import { leadsExport, leadsPageView } from './data.ts';
import LeadsPanel from './LeadsPanel.tsx';

const filtersOf = (c: AdminContext) => parseLeadFilters(new URL(c.req.url).searchParams);

const isStatus = (value: string | undefined): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value ?? '');

export function leadsAdmin({ built, db }: AdminPageDeps): AdminTopic {
  const api = new Hono<{ Variables: AdminVariables }>()
    .get(LEADS_EXPORT_PATH, (c) => leadsExport(db, filtersOf(c), built.site.facts.timeZone))
    .get(LATEST_LEAD_PATH, async (c) => c.json({ ok: true, latestId: await latestLeadId(db) }));

  // After a one-tap status change posted without JavaScript (server/admin/lead/routes.ts): what it did, and its undo.
  const quickSaved = async (c: AdminContext) => {
    const reference = c.req.query('lead');
    const status = c.req.query('status_saved');
    if (c.req.query('saved') !== 'status' || !reference || !isStatus(status)) return null;
    const lead = await findLeadByReference(db, reference);
    if (!lead) return null;
    const was = c.req.query('was');
    const undo = isStatus(was) && was !== status ? was : null;
    return {
      reference: lead.reference,
      name: lead.name,
      at: officeClock(built, new Date()),
      status,
      label: STATUS_LABELS[status],
      was: undo,
      wasLabel: undo ? STATUS_LABELS[undo] : null,
    };
  };

  const listPage = async (c: AdminContext) => {
    const filters = filtersOf(c);
    const result = await listLeads(db, filters, built.site.facts.timeZone);
    const at = (page: number) => `${built.site.pages['admin-leads']}${leadFiltersQuery(filters, { page })}`;
    // A page past the end (a bookmark, or Back after leads moved out of the filter) goes to the last page,
    // never to an empty list that reads as if no lead matched.
    if (result.total > 0 && filters.page > result.pages) return c.redirect(at(result.pages), 303);
    return workbenchPage(
      c,
      built,
      'admin-leads',
      createElement(LeadsPanel, leadsPageView(built, filters, result, at, await quickSaved(c))),
    );
  };

  return { api, pages: { 'admin-leads': listPage } };
}
