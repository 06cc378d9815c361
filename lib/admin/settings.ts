/**
 * The settings screen's forms, where each posts and what each says once saved: the
 * server's page after a plain post and the admin script after a fetch say the same.
 */
/** The settings forms, each posting to `/api/admin/settings/<form>`. */
export const SETTINGS_FORMS = ['tag-manager', 'seo-pixel', 'site-notice', 'script-hosts', 'google-place'] as const;

export type SettingsForm = (typeof SETTINGS_FORMS)[number];

export function settingsAction(form: SettingsForm): string {
  return `/api/admin/settings/${form}`;
}

/** What each form says once saved (the server's page after a plain post, and the admin script after a fetch). */
export const SAVED_MESSAGES: Record<SettingsForm, string> = {
  'tag-manager': 'Saved. Every public page carries it from its next load.',
  'seo-pixel': 'Saved. Every public page carries it from its next load.',
  'site-notice': 'Saved. Every public page shows it from its next load.',
  'script-hosts': 'Saved. The list applies from the next page load.',
  'google-place': 'Saved. Reviews come from this place within a few minutes, and the review links use it at once.',
};

/** Cleans a pixel snippet without saving it, so the owner sees what would be injected. */
export const PIXEL_PREVIEW_PATH = '/api/admin/settings/seo-pixel/preview';
