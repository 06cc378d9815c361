import type { FormState } from '../../../lib/admin/forms.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

interface Props {
  /** The form's name (`status` for the lead, `booking` for its inspection). */
  name: string;
  action: string;
  state?: FormState;
  savedText: string | null;
  label: string;
  hint: string;
  current: string;
  options: readonly { value: string; label: string }[];
  submit: string;
}

/** One status select and its save button: the lead's status and its booking's status share it. */
export default function StatusForm({ name, action, state, savedText, label, hint, current, options, submit }: Props) {
  const id = `lead-${name}-select`;
  const error = fieldProblem(state, name, 'status');
  return (
    <WorkbenchForm name={name} action={action} state={state} savedText={savedText}>
      {/* What the status was when this page was served: a change made meanwhile elsewhere is not undone. */}
      <input type="hidden" name="was" value={current} />
      <AdminField id={id} name="status" label={label} hint={hint} error={error}>
        <select id={id} name="status" {...fieldAria(id, error)} defaultValue={typed(state, name, 'status', current)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </AdminField>
      <SubmitButton>{submit}</SubmitButton>
    </WorkbenchForm>
  );
}
