import type { DashboardView } from './view.ts';
import NewLeads from './NewLeads.tsx';
import PageSpeed from './PageSpeed.tsx';
import RecentReports from './RecentReports.tsx';
import SignInNotices from './SignInNotices.tsx';
import SiteHealth from './SiteHealth.tsx';
import UnsentNotifications from './UnsentNotifications.tsx';
import UpcomingInspections from './UpcomingInspections.tsx';

/**
 * The dashboard at /admin, short enough for a phone: new leads one line each, the next
 * inspections, notifications not delivered grouped by why, the site's health, recent
 * reports and web vitals. The new-leads
 * card is refreshed by the admin script when a lead arrives (`data-live`).
 */
export default function Dashboard(view: DashboardView) {
  return (
    <>
      <SignInNotices view={view} />
      <NewLeads view={view} />
      <UpcomingInspections view={view} />
      <UnsentNotifications view={view} />
      <SiteHealth view={view} />
      <RecentReports view={view} />
      <PageSpeed view={view} />
    </>
  );
}
