import type { FormState } from '../../../lib/admin/forms.ts';
import { fieldProblem } from '../ui/WorkbenchForm.tsx';
import AdminField from '../ui/AdminField.tsx';

/** The problem with the code posted by `form`, or that form's refusal as a whole. */
export function codeError(state: FormState | undefined, form: string): string | undefined {
  return fieldProblem(state, form, 'code') ?? (state?.form === form ? state.error : undefined);
}

/** One field for a code from the authenticator app or a recovery code. */
export default function CodeField({
  id,
  form,
  label,
  hint,
  error,
}: {
  id: string;
  form: string;
  label: string;
  hint: string;
  error?: string;
}) {
  return (
    <AdminField id={id} name="code" label={label} hint={hint} error={error}>
      <input
        id={id}
        name="code"
        type="text"
        autoComplete="one-time-code"
        inputMode={form === 'challenge' ? 'text' : 'numeric'}
        spellCheck={false}
        autoCapitalize="none"
        maxLength={20}
        required
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={error ? true : undefined}
      />
    </AdminField>
  );
}
