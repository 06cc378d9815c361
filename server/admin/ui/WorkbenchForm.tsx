import type { ReactNode } from 'react';
import type { FormState } from '../../../lib/admin/forms.ts';

interface Props {
  /** The form's name: the admin script, the drafts and a refused post's state are keyed by it. */
  name: string;
  action: string;
  state?: FormState;
  /** The confirmation after a post without JavaScript (`?saved=<name>`). */
  savedText?: string | null;
  className?: string;
  label?: string;
  /** With JavaScript: what the button and the status line say while it is sent ("Publishing…"), and the verb of its confirmation ("Published at 4:05 PM."). */
  busy?: string;
  done?: string;
  children: ReactNode;
}

/**
 * A workbench form: a plain post that works without JavaScript (the server answers
 * with a redirect, or with the page and what was typed when it refuses), which the
 * admin script sends with fetch instead. Its status line is announced.
 */
export default function WorkbenchForm({ name, action, state, savedText, className, label, busy, done, children }: Props) {
  const error = state?.form === name ? state.error : undefined;
  return (
    <form
      method="post"
      action={action}
      data-admin-form={name}
      data-workbench=""
      className={className}
      aria-label={label}
      data-busy={busy}
      data-done={done}
      noValidate
    >
      {children}
      <p className={error ? 'form-status form-status-error' : 'form-status'} role="status" data-feedback-status="">
        {error ?? savedText ?? ''}
      </p>
    </form>
  );
}

/** What was typed into `name` when its post was refused, else `current`. */
export function typed(state: FormState | undefined, form: string, field: string, current = ''): string {
  return state?.form === form ? (state.values[field] ?? '') : current;
}

/** The message for one field of `form` after a refused post. */
export function fieldProblem(state: FormState | undefined, form: string, field: string): string | undefined {
  return state?.form === form ? state.fields?.[field] : undefined;
}
