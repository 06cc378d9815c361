import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-inspections';

export function meta() {
  return internalMeta(
    'Inspections',
    'The next 60 days of inspection bookings by day and window, capacity per window and blocked dates.',
  );
}

/** Issue 10 "/admin/inspections": the calendar, capacity and blocked dates. The server fills the slot per request, after the guard. */
export default function AdminInspections() {
  return (
    <AdminMain title="Inspections" lead="The next 60 days of bookings, by day and arrival window." slot="admin-inspections">
      <p>This page could not be filled in. Reload the page.</p>
    </AdminMain>
  );
}
