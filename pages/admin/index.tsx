import { InternalLayout, internalMeta } from '../_internal-page.tsx';

export function meta() {
  return internalMeta('Admin', 'The administrators’ area: leads, inspections, settings and reports.');
}

/** SPEC.md section 2 "/admin": the landing after sign-in. Its contents arrive with the admin issue. */
export default function AdminHome() {
  return (
    <InternalLayout title="Admin" lead="Leads, inspections, settings and reports.">
      <p>
        <a href="/admin/login">Sign in</a> to continue.
      </p>
    </InternalLayout>
  );
}
