import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-home';

export function meta() {
  return internalMeta('Admin dashboard', 'The administrators’ area: settings, leads, inspections and reports.');
}

/** SPEC.md section 2 "/admin": the landing after sign-in. The server fills the slot once the session is checked. */
export default function AdminHome() {
  return (
    <AdminMain
      title="Dashboard"
      slot="admin-home"
      after={
        <section className="admin-section" aria-labelledby="reports-title">
          <h2 id="reports-title">Reports</h2>
          <ul>
            <li>
              <a href="/seo-monitoring">SEO monitoring</a>: titles, descriptions and links of every page.
            </li>
            <li>
              <a href="/seo-completion-checklist">Launch checklist</a>: placeholders and settings still to fill in.
            </li>
          </ul>
        </section>
      }
    >
      <p>The dashboard could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
