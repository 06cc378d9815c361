import type { DashboardView } from '../../../lib/admin-view.ts';
import NewLeads from './NewLeads.tsx';
import PageSpeed from './PageSpeed.tsx';
import RecentReports from './RecentReports.tsx';
import SignInNotices from './SignInNotices.tsx';
import SiteHealth from './SiteHealth.tsx';
import UnsentNotifications from './UnsentNotifications.tsx';
import UpcomingInspections from './UpcomingInspections.tsx';

/**
 * The dashboard at /admin: new leads, upcoming inspections, notifications
 * not delivered, recent reports, web vitals and the site's health. The new-leads
 * card is refreshed by the admin script when a lead arrives (`data-live`).
 */
export default function Dashboard(view: DashboardView) {
  return (
    <>
      <p>Welcome, {view.user.name ?? view.user.login}.</p>
      <SignInNotices view={view} />
      <NewLeads view={view} />
      <UpcomingInspections view={view} />
      <UnsentNotifications view={view} />
      <RecentReports view={view} />
      <PageSpeed view={view} />
      <SiteHealth view={view} />
    </>
  );
}
