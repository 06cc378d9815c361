import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-errors';

export function meta() {
  return internalMeta(
    'Error reports',
    'Render errors, visitor reports and pages not found, grouped by message or path, with counts.',
  );
}

/** Issue 10 "/admin/errors": the error log, grouped. The server fills the slot per request, after the guard. */
export default function AdminErrors() {
  return (
    <AdminMain title="Error reports" lead="What went wrong for visitors, grouped, with the newest first." slot="admin-errors">
      <p>This page could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
