import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-leads';

export function meta() {
  return internalMeta(
    'Leads',
    'Every consultation and inspection request from the website, newest first, with filters, search and export.',
  );
}

/** Issue 10 "/admin/leads": the inbox, with its filters in the URL. The server fills the slot per request, after the guard. */
export default function AdminLeads() {
  return (
    <AdminMain title="Leads" lead="Every request from the website, newest first." slot="admin-leads">
      <p>This page could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
