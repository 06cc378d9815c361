import AdminMain from '../../components/admin/AdminMain.tsx';
import { internalMeta } from '../_internal-page.tsx';

export const serverRole = 'admin-settings';

export function meta() {
  return internalMeta('Admin settings', 'The tag manager, the SEO pixel and the storm notice every public page carries.');
}

/** The settings every public page carries (issue 9). The server renders the forms per request with the saved values. */
export default function AdminSettings() {
  return (
    <AdminMain
      title="Settings"
      lead="What every visitor’s page carries. A change reaches every public page within seconds, with no rebuild."
      slot="admin-settings"
    >
      <p>The settings could not be loaded. Reload the page.</p>
    </AdminMain>
  );
}
