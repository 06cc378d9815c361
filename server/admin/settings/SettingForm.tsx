import type { ReactNode } from 'react';
import { settingsAction, type SettingsForm } from '../../../lib/admin/settings.ts';

/**
 * One setting's form, posted plainly so it works without JavaScript. It carries the
 * revision of the setting as this page was served: the server refuses a save
 * if the setting changed since (another tab, another admin), rather than overwrite it.
 * After a plain post refused for that, the page gives the stored revision, so saving again
 * replaces the change on purpose; after any other refusal, the one posted back (server/admin/settings/page.ts).
 */
export default function SettingForm({ name, revision, children }: { name: SettingsForm; revision: string; children: ReactNode }) {
  return (
    <form method="post" action={settingsAction(name)} data-admin-form={name} noValidate>
      <input type="hidden" name="revision" value={revision} />
      {children}
    </form>
  );
}
