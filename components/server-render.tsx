/**
 * The React the server renders at run time: the forms it shows again after a
 * no-JavaScript post, a visitor's own request on the result pages, the admin
 * pages' per-request parts and the storm notice. The build
 * bundles this file into dist/_server/render.js (build/assets.ts), so a deploy
 * runs from dist/, server/ and lib/ without components/ or client/ (issue 8).
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import ConsultationForm from '../client/islands/ConsultationForm.tsx';
import InspectionForm from '../client/islands/InspectionForm.tsx';
import ReportIssueForm from '../client/islands/ReportIssueForm.tsx';
import type {
  DashboardView,
  ErrorsPageView,
  InspectionsPageView,
  LeadDetailView,
  LeadsPageView,
  LoginView,
  SecondFactorPageView,
  SettingsPageView,
  UsersPageView,
} from '../lib/admin-view.ts';
import type { SiteFacts } from '../lib/site-facts.ts';
import AdminNav, { type AdminNavProps } from './admin/AdminNav.tsx';
import Dashboard from './admin/Dashboard.tsx';
import ErrorsPanel from './admin/ErrorsPanel.tsx';
import InspectionsPanel from './admin/InspectionsPanel.tsx';
import LeadDetail from './admin/LeadDetail.tsx';
import LeadsPanel from './admin/LeadsPanel.tsx';
import SecondFactorPanel from './admin/SecondFactorPanel.tsx';
import UsersPanel from './admin/UsersPanel.tsx';
import LoginPanel from './admin/LoginPanel.tsx';
import NotAuthorised from './admin/NotAuthorised.tsx';
import SettingsPanel from './admin/SettingsPanel.tsx';
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
export function renderLeadSummary(lead: LeadSummaryData, site: Pick<SiteFacts, 'phone' | 'radiusMiles'>): string {
  return renderToString(<LeadSummary lead={lead} site={site} />);
}

/** The admin menu and account, for `data-slot="admin-nav"` once the session is checked (issue 9). */
export function renderAdminNav(props: AdminNavProps): string {
  return renderToString(<AdminNav {...props} />);
}

/** The sign-in page's message and button. */
export function renderLoginPanel(props: LoginView): string {
  return renderToString(<LoginPanel {...props} />);
}

/** The "not authorised" answer for a signed-in account without a role. */
export function renderNotAuthorised(props: { login: string; loginPath: string }): string {
  return renderToString(<NotAuthorised {...props} />);
}

export function renderDashboard(props: DashboardView): string {
  return renderToString(<Dashboard {...props} />);
}

/** /admin/settings with the current values, the history and, after a failed post, what was typed. */
export function renderSettingsPanel(props: SettingsPageView): string {
  return renderToString(<SettingsPanel {...props} />);
}

/** The workbench pages of issue 10, each for its page's `data-slot`. */
export function renderLeadsPanel(props: LeadsPageView): string {
  return renderToString(<LeadsPanel {...props} />);
}

export function renderLeadDetail(props: LeadDetailView): string {
  return renderToString(<LeadDetail {...props} />);
}

export function renderInspectionsPanel(props: InspectionsPageView): string {
  return renderToString(<InspectionsPanel {...props} />);
}

export function renderErrorsPanel(props: ErrorsPageView): string {
  return renderToString(<ErrorsPanel {...props} />);
}

export function renderUsersPanel(props: UsersPageView): string {
  return renderToString(<UsersPanel {...props} />);
}

export function renderSecondFactorPanel(props: SecondFactorPageView): string {
  return renderToString(<SecondFactorPanel {...props} />);
}

/** The storm notice the settings inject right after `<body>` of every public page. */
export function renderSiteNotice(props: SiteNoticeProps): string {
  return renderToString(<SiteNotice {...props} />);
}
