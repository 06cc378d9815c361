/**
 * The admin screens, in menu order: one line per screen gives its page's role,
 * its menu label, who may open it and what its build-time shell says. The menu,
 * the guard's open pages and the built shells (pages/admin/[screen].tsx: the role
 * `admin-leads` is /admin/leads) all read this list, so a new screen is a folder
 * under server/admin/, one line here and its line in server/admin/routes.ts
 * (docs/decisions/020-admin-screens.md).
 */

/**
 * Who may open a screen: `open` needs no session (the sign-in page), `second-factor`
 * is also reachable by a session that still owes its second factor, `admin` needs
 * any admin role and `super_admin` that role alone.
 */
export type AdminAccess = 'open' | 'second-factor' | 'admin' | 'super_admin';

export interface AdminScreen {
  role: `admin-${string}`;
  /** The label in the admin menu; a screen without one is reached from another (a lead from the leads). */
  menu?: string;
  /**
   * A place in the phone's bottom tab bar (its label and position, from the left). A screen
   * with a menu label and no tab is listed under the tab bar's "More", with the account.
   */
  tab?: { label: string; position: number };
  access: AdminAccess;
  /** The document title and description of the built shell. */
  title: string;
  description: string;
  /** The page's heading and the line under it. */
  heading: string;
  lead?: string;
  /** What the shell's slot shows when the server could not fill it. */
  fallback?: string;
}

export const ADMIN_TOPICS = [
  {
    role: 'admin-home',
    menu: 'Dashboard',
    tab: { label: 'Dashboard', position: 3 },
    access: 'admin',
    title: 'Admin dashboard',
    description: 'The administrators’ area: settings, leads, inspections and reports.',
    heading: 'Dashboard',
    fallback: 'The dashboard could not be filled in. Reload the page.',
  },
  {
    role: 'admin-leads',
    menu: 'Leads',
    tab: { label: 'Leads', position: 1 },
    access: 'admin',
    title: 'Leads',
    description: 'Every consultation and inspection request from the website, newest first, with filters, search and export.',
    heading: 'Leads',
    lead: 'Every request from the website, newest first.',
  },
  {
    role: 'admin-lead',
    access: 'admin',
    title: 'Lead',
    description: 'One request from the website: what the visitor gave, its status, notes and notifications.',
    heading: 'Lead',
  },
  {
    role: 'admin-inspections',
    menu: 'Inspections',
    tab: { label: 'Calendar', position: 2 },
    access: 'admin',
    title: 'Inspections',
    description: 'The next 60 days of inspection bookings by day and window, capacity per window and blocked dates.',
    heading: 'Inspections',
    lead: 'The next 60 days of bookings, by day and arrival window.',
  },
  {
    role: 'admin-errors',
    menu: 'Errors',
    access: 'admin',
    title: 'Error reports',
    description: 'Render errors, visitor reports and pages not found, grouped by message or path, with counts.',
    heading: 'Error reports',
    lead: 'What went wrong for visitors, grouped, with the newest first.',
  },
  {
    role: 'admin-settings',
    menu: 'Settings',
    access: 'admin',
    title: 'Admin settings',
    description: 'The tag manager, the search-ranking script and the storm notice every public page carries.',
    heading: 'Settings',
    lead: 'What every visitor’s page carries. A change reaches every public page within seconds, with no rebuild.',
    fallback: 'The settings could not be loaded. Reload the page.',
  },
  {
    role: 'admin-notifications',
    menu: 'Notifications',
    access: 'admin',
    title: 'Notifications on your phone',
    description: 'Get a notification on this phone or computer the moment a new lead arrives.',
    heading: 'Notifications',
    lead: 'A new lead on your phone within seconds, even with the admin closed.',
    fallback: 'The notifications page could not be filled in. Reload the page.',
  },
  {
    role: 'admin-business',
    menu: 'Business details',
    access: 'super_admin',
    title: 'Business details',
    description: 'The business’s name, phone, email, address, hours, licence, profiles and claims, as every page shows them.',
    heading: 'Business details',
    lead: 'What every page says about the business. Save a draft as you go, then publish: the site is rebuilt and live in seconds.',
    fallback: 'The business details could not be loaded. Reload the page.',
  },
  {
    role: 'admin-gallery',
    menu: 'Gallery',
    access: 'admin',
    title: 'Gallery',
    description:
      'Finished jobs with before and after photos from a phone, published to the gallery with their stories, and photos in place of a page’s drawing.',
    heading: 'Gallery',
    lead: 'Add a finished job with a before and an after photo, then publish it to the gallery.',
    fallback: 'The gallery could not be loaded. Reload the page.',
  },
  {
    role: 'admin-articles',
    menu: 'Articles',
    access: 'admin',
    title: 'Articles',
    description: 'Write a new article or a storm update, or change any article of the blog, and publish it from a phone.',
    heading: 'Articles',
    lead: 'Write or change an article; it is saved as you type. Publish puts it on the blog.',
    fallback: 'The articles could not be loaded. Reload the page.',
  },
  {
    role: 'admin-users',
    menu: 'Users',
    access: 'super_admin',
    title: 'Users',
    description: 'Who may use the admin area, with which role and sign-in code, and the switch that requires one.',
    heading: 'Users',
    lead: 'Who may use the admin area, and how they sign in.',
  },
  {
    role: 'admin-second-factor',
    menu: 'Sign-in code',
    access: 'second-factor',
    title: 'Sign-in code',
    description: 'A code from an authenticator app asked after GitHub sign-in, and single-use recovery codes.',
    heading: 'Sign-in code',
    lead: 'A code from an authenticator app, asked after GitHub sign-in.',
  },
  {
    role: 'admin-invitation',
    access: 'open',
    title: 'Your invitation',
    description: 'Accept an invitation to the admin area by making a passkey on this phone or computer.',
    heading: 'Your invitation',
    lead: 'Make a passkey to sign in: your face, fingerprint or screen lock, no password.',
    fallback: 'This invitation page could not be filled in. Reload it.',
  },
  {
    role: 'admin-login',
    access: 'open',
    title: 'Admin sign-in',
    description: 'Sign-in for the site’s administrators, with a passkey or their GitHub account.',
    heading: 'Admin sign-in',
    lead: 'For the owner and office staff.',
    fallback: 'Administrators sign in with a passkey or their GitHub account.',
  },
] as const satisfies readonly AdminScreen[];

export type AdminScreenRole = (typeof ADMIN_TOPICS)[number]['role'];

/** Every admin screen's page role, for the list of pages the server has a part in. */
export const ADMIN_ROLES = ADMIN_TOPICS.map((topic) => topic.role);

/** The registry line of one screen. */
export function adminTopic(role: AdminScreenRole): AdminScreen {
  return ADMIN_TOPICS.find((topic) => topic.role === role)!;
}

/** The screens with this access, for the guard (the open sign-in page, the pages a pending second factor may use). */
export function rolesWithAccess(access: AdminAccess): AdminScreenRole[] {
  return ADMIN_TOPICS.filter((topic) => topic.access === access).map((topic) => topic.role);
}

/** The menu for an admin with this role: each screen with a label that the role may open, in order. */
export function adminMenu(role: 'admin' | 'super_admin'): { role: AdminScreenRole; label: string }[] {
  return ADMIN_TOPICS.flatMap((topic: AdminScreen & { role: AdminScreenRole }) =>
    topic.menu && (topic.access !== 'super_admin' || role === 'super_admin') ? [{ role: topic.role, label: topic.menu }] : [],
  );
}

export interface AdminMenuItem {
  role: AdminScreenRole;
  label: string;
}

/**
 * The phone's navigation for an admin with this role: the tab bar's screens (by position,
 * with their short labels) and every other screen of the menu, for its "More" tab. A screen
 * added to the list without a tab appears under "More" by itself.
 */
export function adminTabs(role: 'admin' | 'super_admin'): { tabs: AdminMenuItem[]; more: AdminMenuItem[] } {
  const menu = new Set(adminMenu(role).map((item) => item.role));
  const open = ADMIN_TOPICS.filter((topic: AdminScreen & { role: AdminScreenRole }) => menu.has(topic.role)) as (AdminScreen & {
    role: AdminScreenRole;
  })[];
  const tabs = open
    .filter((topic) => topic.tab)
    .sort((a, b) => a.tab!.position - b.tab!.position)
    .map((topic) => ({ role: topic.role, label: topic.tab!.label }));
  const more = open.filter((topic) => !topic.tab).map((topic) => ({ role: topic.role, label: topic.menu! }));
  return { tabs, more };
}
