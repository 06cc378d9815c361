import { InternalLayout, internalMeta } from '../_internal-page.tsx';

export function meta() {
  return internalMeta('Admin Sign-in', 'Sign-in for the site’s administrators.');
}

/** SPEC.md section 2 "/admin/login". GitHub OAuth is wired by the admin issue (DECISIONS.md "Sign-in"). */
export default function AdminLogin() {
  return (
    <InternalLayout title="Admin sign-in" lead="For the owner and office staff.">
      <p>Administrators sign in with their GitHub account. Sign-in is not enabled on this server yet.</p>
    </InternalLayout>
  );
}
