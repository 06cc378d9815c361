/**
 * /admin/settings as the owner sees it: the current values, the change history in
 * the office's time zone, and after a refused post what was typed.
 */
import { createElement } from 'react';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FormState } from '../../../lib/admin/forms.ts';
import type { SettingsForm } from '../../../lib/admin/settings.ts';
import type { AuditView, NoticeView, SettingsPageView } from './view.ts';
import { formatOfficeTime, instantToOfficeLocal } from '../../../lib/office-time.ts';
import { liveNotice } from '../../settings/injection.ts';
import { cleanPixel } from '../../settings/pixel.ts';
import { listAudit, type AuditEntry, type SiteNotice } from '../../settings/store.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { userView, workbenchPage } from '../core/pages.ts';
import type { AdminContext } from '../core/workbench.ts';
import SettingsPanel from './SettingsPanel.tsx';

export function noticeView(notice: SiteNotice | null, timeZone: string, now: Date): NoticeView | null {
  if (!notice) return null;
  const expires = new Date(notice.expiresAt);
  return {
    text: notice.text,
    link: notice.link,
    expiresAt: notice.expiresAt,
    expiresText: formatOfficeTime(expires, timeZone),
    expiresLocal: instantToOfficeLocal(expires, timeZone),
    showing: liveNotice(notice, now) !== null,
  };
}

const SETTING_NAMES: Record<AuditEntry['key'], string> = {
  tag_manager: 'Tag manager container',
  seo_pixel: 'Search-ranking script',
  site_notice: 'Storm notice',
  csp_script_hosts: 'Other companies’ addresses for tags',
  google_place: 'Google Place ID',
};

function describe(entry: AuditEntry['key'], value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '(none)';
  const v = value as Record<string, unknown>;
  switch (entry) {
    case 'tag_manager':
      return String(v.containerId);
    case 'seo_pixel':
      return `${v.enabled ? 'on' : 'off'}: ${String(v.snippet) || '(no snippet)'}`;
    case 'site_notice': {
      const link = v.link ? `, link ${String(v.link)}` : '';
      return `“${String(v.text)}” until ${formatOfficeTime(new Date(String(v.expiresAt)), timeZone)}${link}`;
    }
    case 'csp_script_hosts':
      return (v.hosts as string[]).join(', ') || '(none)';
    case 'google_place':
      return String(v.placeId);
  }
}

function auditView(entries: AuditEntry[], timeZone: string): AuditView[] {
  return entries.map((entry) => ({
    id: entry.id,
    when: formatOfficeTime(entry.changedAt, timeZone),
    who: entry.changedBy ? `@${entry.changedBy}` : '(a removed user)',
    setting: SETTING_NAMES[entry.key] ?? entry.key,
    before: describe(entry.key, entry.oldValue, timeZone),
    after: describe(entry.key, entry.newValue, timeZone),
  }));
}

/** /admin/settings for this request: current values, history, and after a failed post what was typed. */
export async function settingsPage(
  c: AdminContext,
  deps: AdminPageDeps,
  extra: { form?: FormState; saved?: SettingsForm } = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const { built, env } = deps;
  const auth = c.get('admin');
  const settings = deps.settings.current();
  const revisions = deps.settings.revisions();
  const timeZone = built.site.facts.timeZone;
  const view: SettingsPageView = {
    user: userView(auth),
    containerId: settings.containerId,
    pixel: {
      enabled: settings.pixel.enabled,
      snippet: settings.pixel.snippet,
      injected: cleanPixel(settings.pixel.snippet, env.PIXEL_SCRIPT_HOSTS).html,
    },
    notice: noticeView(settings.notice, timeZone, new Date()),
    scriptHosts: settings.scriptHosts,
    placeId: settings.placeId,
    placeIdFromEnv: env.GOOGLE_PLACE_ID ?? null,
    placesKeySet: Boolean(env.GOOGLE_PLACES_API_KEY),
    pixelHosts: env.PIXEL_SCRIPT_HOSTS,
    audit: auditView(await listAudit(deps.db), timeZone),
    timeZone,
    revisions: {
      'tag-manager': revisions.tag_manager,
      'seo-pixel': revisions.seo_pixel,
      'site-notice': revisions.site_notice,
      'script-hosts': revisions.csp_script_hosts,
      'google-place': revisions.google_place,
    },
    ...extra,
  };
  // A form sent back for a typo or a preview keeps the revision it was opened with: the stored one
  // would let its next save overwrite a change this page never showed. Only the 409 that names such
  // a change gives the stored one, so that saving again replaces it on purpose.
  const posted = extra.form?.values.revision;
  if (extra.form && extra.form.form in view.revisions && status !== 409 && posted !== undefined && /^\d{0,40}$/.test(posted)) {
    view.revisions[extra.form.form as SettingsForm] = posted;
  }
  return workbenchPage(c, built, 'admin-settings', createElement(SettingsPanel, view), {
    status,
    titlePrefix: extra.form?.error ? 'Not saved: ' : undefined,
    missingTitle: 'Settings',
  });
}
