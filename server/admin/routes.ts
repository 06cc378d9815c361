/**
 * Every admin screen's routes, mounted together after the guard: each topic's APIs
 * and the admin pages they answer. A new screen adds its line to lib/admin-topics.ts
 * and its topic here.
 */
import { Hono } from 'hono';
import type { AdminVariables } from '../auth/guard.ts';
import { articlesAdmin } from './articles/routes.ts';
import { businessAdmin } from './business/routes.ts';
import { dashboardAdmin } from './dashboard/routes.ts';
import { errorsAdmin } from './errors/routes.ts';
import { galleryAdmin } from './gallery/routes.ts';
import { inspectionsAdmin } from './inspections/routes.ts';
import { invitationAdmin } from './invitation/routes.ts';
import { leadAdmin } from './lead/routes.ts';
import { leadsAdmin } from './leads/routes.ts';
import { loginAdmin } from './login/routes.ts';
import { notificationsAdmin } from './notifications/routes.ts';
import { adminBuilt, type AdminPageDeps } from './core/deps.ts';
import { adminPages } from './core/pages.ts';
import { secondFactorAdmin } from './second-factor/routes.ts';
import { settingsAdmin } from './settings/routes.ts';
import { usersAdmin } from './users/routes.ts';

/** The admin area's APIs and pages; the guard (server/auth/guard.ts) runs before them. */
export function adminRoutes(
  options: Omit<AdminPageDeps, 'built'> & { files: Parameters<typeof adminBuilt>[0]; retentionDays: number },
): Hono<{ Variables: AdminVariables }> {
  const deps = { ...options, built: adminBuilt(options.files) };
  const topics = [
    dashboardAdmin(deps),
    leadsAdmin(deps),
    leadAdmin(deps),
    inspectionsAdmin(deps),
    errorsAdmin(deps),
    notificationsAdmin(deps),
    usersAdmin(deps),
    secondFactorAdmin(deps),
    settingsAdmin(deps),
    businessAdmin(deps),
    galleryAdmin(deps),
    articlesAdmin(deps),
    loginAdmin(deps),
    invitationAdmin(deps),
  ];
  const admin = new Hono<{ Variables: AdminVariables }>();
  for (const topic of topics) admin.route('/', topic.api);
  // Admin pages: never in the static files' lookup, only here.
  admin.route('/', adminPages(deps, Object.assign({}, ...topics.map((topic) => topic.pages))));
  return admin;
}
