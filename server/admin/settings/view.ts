/** What the settings page draws (the dashboard shows the storm notice too). */
import type { FormState } from '../../../lib/admin/forms.ts';
import type { SettingsForm } from '../../../lib/admin/settings.ts';
import type { AdminUserView } from '../ui/view.ts';

export interface NoticeView {
  text: string;
  link: string | null;
  /** ISO instant. */
  expiresAt: string;
  /** The expiry as the office reads it, and as a `datetime-local` value. */
  expiresText: string;
  expiresLocal: string;
  showing: boolean;
}

export interface AuditView {
  id: number;
  when: string;
  who: string;
  setting: string;
  before: string;
  after: string;
}

export interface SettingsPageView {
  user: AdminUserView;
  containerId: string | null;
  pixel: { enabled: boolean; snippet: string; injected: string };
  notice: NoticeView | null;
  scriptHosts: string[];
  /** The Place ID saved here; `placeIdFromEnv` the server's own, used while none is saved. */
  placeId: string | null;
  placeIdFromEnv: string | null;
  /** Whether the server has the Google key that fetching reviews needs (set by the developer). */
  placesKeySet: boolean;
  /** Hosts the pixel's scripts may come from (the allow-list). */
  pixelHosts: string[];
  audit: AuditView[];
  timeZone: string;
  /** Each form's setting revision as this page was served (server/settings/store.ts). */
  revisions: Record<SettingsForm, string>;
  /** The form whose save just succeeded (after a post without JavaScript). */
  saved?: SettingsForm;
  form?: FormState;
}
