import type { PageProps } from '../../components/page-module.ts';
import { ADMIN_TOPICS, type AdminScreenRole } from '../../lib/admin-topics.ts';
import { adminShell } from './_admin-shell.tsx';

/**
 * The built shell of every admin screen but the dashboard (index.tsx), one per line of
 * lib/admin-topics.ts: `/admin/leads` is the screen `admin-leads`. A new screen needs no file here.
 */
const PREFIX = 'admin-';
const roleOf = (screen: string) => `${PREFIX}${screen}` as AdminScreenRole;

export const paths = (): string[] =>
  ADMIN_TOPICS.filter((topic) => topic.role !== 'admin-home').map((topic) => topic.role.slice(PREFIX.length));
export const serverRoleOf = (params: Record<string, string>) => roleOf(params.screen);
export const meta = ({ params }: PageProps) => adminShell(roleOf(params.screen)).meta();

export default function AdminScreen({ params }: PageProps) {
  const { Page } = adminShell(roleOf(params.screen));
  return <Page />;
}
