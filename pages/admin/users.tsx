import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-users';

export function meta() {
  return internalMeta(
    'Users',
    'Who may use the admin area, with which role and second factor, and the switch that requires one.',
  );
}

/** Issue 10 "/admin/users" (super_admin only). The server fills the slot per request, after the guard. */
export default function AdminUsers() {
  return (
    <AdminMain title="Users" lead="Who may use the admin area, and how they sign in." slot="admin-users">
      <p>This page could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
