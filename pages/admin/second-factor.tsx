import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-second-factor';

export function meta() {
  return internalMeta(
    'Second factor',
    'A code from an authenticator app asked after GitHub sign-in, and single-use recovery codes.',
  );
}

/** Issue 10 "Second factor (TOTP)": enrolment, the sign-in challenge and removal. The server fills the slot per request, after the guard. */
export default function AdminSecondFactor() {
  return (
    <AdminMain
      title="Second factor"
      lead="A code from an authenticator app, asked after GitHub sign-in."
      slot="admin-second-factor"
    >
      <p>This page could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
