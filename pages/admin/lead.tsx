import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-lead';

export function meta() {
  return internalMeta('Lead', 'One request from the website: what the visitor gave, its status, notes and notifications.');
}

/** Issue 10 "/admin/leads", detail: one lead by its reference (`?ref=`). The server fills the slot per request, after the guard. */
export default function AdminLead() {
  return (
    <AdminMain title="Lead" slot="admin-lead">
      <p>This page could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
