/** The business form saves itself as the owner types (../browser/autosave.ts); Publish follows its revision. */
import { autosaveForm } from '../browser/autosave.ts';

export function enhanceBusinessForm(onSessionEnded: () => void, restored: string[]): void {
  autosaveForm({ form: 'business', publishForm: 'publish', onSessionEnded, restored });
}
