/**
 * The admin screens, in menu order: one line per screen gives its page's role,
 * its menu label, who may open it and what its build-time shell says. The menu,
 * the guard's open pages and the page files of pages/admin/ all read this list,
 * so a new screen is a folder under server/admin/ and one line here
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
    access: 'admin',
    title: 'Admin dashboard',
    description: 'The administrators’ area: settings, leads, inspections and reports.',
    heading: 'Dashboard',
    fallback: 'The dashboard could not be filled in. Reload the page.',
  },
  {
    role: 'admin-leads',
    menu: 'Leads',
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
    description: 'The tag manager, the SEO pixel and the storm notice every public page carries.',
    heading: 'Settings',
    lead: 'What every visitor’s page carries. A change reaches every public page within seconds, with no rebuild.',
    fallback: 'The settings could not be loaded. Reload the page.',
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
    description: 'Finished jobs with before and after photos from a phone, published to the gallery with their stories.',
    heading: 'Gallery',
    lead: 'Add a finished job with a before and an after photo, then publish it to the gallery.',
    fallback: 'The gallery could not be loaded. Reload the page.',
  },
  {
    role: 'admin-users',
    menu: 'Users',
    access: 'super_admin',
    title: 'Users',
    description: 'Who may use the admin area, with which role and second factor, and the switch that requires one.',
    heading: 'Users',
    lead: 'Who may use the admin area, and how they sign in.',
  },
  {
    role: 'admin-second-factor',
    menu: 'Second factor',
    access: 'second-factor',
    title: 'Second factor',
    description: 'A code from an authenticator app asked after GitHub sign-in, and single-use recovery codes.',
    heading: 'Second factor',
    lead: 'A code from an authenticator app, asked after GitHub sign-in.',
  },
  {
    role: 'admin-login',
    access: 'open',
    title: 'Admin sign-in',
    description: 'Sign-in for the site’s administrators, with their GitHub account.',
    heading: 'Admin sign-in',
    lead: 'For the owner and office staff.',
    fallback: 'Administrators sign in with their GitHub account.',
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
