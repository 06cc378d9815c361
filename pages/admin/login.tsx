import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-login';

export function meta() {
  return internalMeta('Admin sign-in', 'Sign-in for the site’s administrators, with their GitHub account.');
}

/**
 * SPEC.md section 2 "/admin/login". The server fills the slot per request: why the
 * last attempt failed (issue 9 lists each case), and the GitHub button with the way back.
 */
export default function AdminLogin() {
  return (
    <AdminMain title="Admin sign-in" lead="For the owner and office staff." slot="admin-login">
      <p>Administrators sign in with their GitHub account.</p>
    </AdminMain>
  );
}
