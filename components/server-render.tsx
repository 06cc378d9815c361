/**
 * The React of the public pages that the server renders at run time: the forms it
 * shows again after a no-JavaScript post, a visitor's own request on the result
 * pages and the storm notice. The build bundles this file into
 * dist/_server/render.js (build/assets.ts), so a deploy runs from dist/, server/
 * and lib/ without components/ or client/. The admin screens render their own
 * views, which live beside their routes in server/admin/.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import ConsultationForm from '../client/islands/ConsultationForm.tsx';
import InspectionForm from '../client/islands/InspectionForm.tsx';
import ReportIssueForm from '../client/islands/ReportIssueForm.tsx';
import type { SiteFacts } from '../lib/site-facts.ts';
import SiteNotice, { type SiteNoticeProps } from './SiteNotice.tsx';
import Island, { type HydrateOn } from './Island.tsx';
import LeadSummary, { type LeadSummaryData } from './LeadSummary.tsx';

// Typed loosely on purpose: the server merges props it read from the built page's JSON.
const ISLANDS: Record<string, ComponentType<Record<string, unknown>>> = {
  ConsultationForm: ConsultationForm as unknown as ComponentType<Record<string, unknown>>,
  InspectionForm: InspectionForm as unknown as ComponentType<Record<string, unknown>>,
  ReportIssueForm: ReportIssueForm as unknown as ComponentType<Record<string, unknown>>,
};

/** The islands the server can render again. */
export type ServerIsland = 'ConsultationForm' | 'InspectionForm' | 'ReportIssueForm';

/** An island's marker and markup, as the build writes it, with these props. */
export function renderIsland(name: ServerIsland, props: Record<string, unknown>, hydrate: HydrateOn, className?: string): string {
  return renderToString(<Island of={ISLANDS[name]!} props={props} hydrate={hydrate} className={className} />);
}

/** The visitor's own request, for the slot the result pages leave (`data-slot="lead-details"`). */
export function renderLeadSummary(lead: LeadSummaryData, site: Pick<SiteFacts, 'phone' | 'radiusMiles' | 'requestCall'>): string {
  return renderToString(<LeadSummary lead={lead} site={site} />);
}

/** The storm notice the settings inject right after `<body>` of every public page. */
export function renderSiteNotice(props: SiteNoticeProps): string {
  return renderToString(<SiteNotice {...props} />);
}
