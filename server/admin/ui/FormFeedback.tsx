import type { FormState } from '../../../lib/admin/forms.ts';
import { SAVED_MESSAGES, type SettingsForm } from '../../../lib/admin/settings.ts';

/**
 * A settings form's outcome: the refusal (what was typed stays in the form) or
 * the confirmation. The admin script writes into the same element after a save
 * made without reloading.
 */
export default function FormFeedback({ form, state, saved }: { form: SettingsForm; state?: FormState; saved?: boolean }) {
  const error = state?.form === form ? state.error : undefined;
  return (
    <div className="form-feedback" data-feedback="">
      <p className={error ? 'form-status form-status-error' : 'form-status'} role="status">
        {error ?? (saved ? SAVED_MESSAGES[form] : '')}
      </p>
    </div>
  );
}
