/** What every admin form shows after a save that was refused. */
/** One form after a post that did not save: what was typed stays, with the problems. */
export interface FormState {
  /** The form's `data-admin-form` name (a SettingsForm on the settings page). */
  form: string;
  values: Record<string, string>;
  error?: string;
  fields?: Record<string, string>;
  /** The pixel as the server cleaned it (a preview, or the result of a save). */
  preview?: { html: string; changed: boolean };
}
