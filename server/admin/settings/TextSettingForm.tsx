import type { FormState } from '../../../lib/admin/forms.ts';
import type { SettingsForm } from '../../../lib/admin/settings.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SettingForm from './SettingForm.tsx';
import FormFeedback from '../ui/FormFeedback.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

interface Props {
  form: SettingsForm;
  /** The stored value, shown unless a refused post brought back what was typed. */
  stored: string | null;
  /** The setting's revision as served (SettingForm). */
  revision: string;
  state?: FormState;
  saved?: boolean;
  field: { id: string; name: string; label: string; hint: string; maxLength: number; autoCapitalize: 'off' | 'characters' };
  /** A data attribute the admin script finds the box by (`data-place-input`). */
  marker: `data-${string}`;
  submit: string;
}

/** A setting that is one line of text (the Tag Manager container, the Place ID): its box, its save button and what the save said. */
export default function TextSettingForm({ form, stored, revision, state, saved, field, marker, submit }: Props) {
  const mine = state?.form === form ? state : undefined;
  const error = mine?.fields?.[field.name];
  const value = mine ? (mine.values[field.name] ?? '') : (stored ?? '');
  return (
    <SettingForm name={form} revision={revision}>
      <AdminField id={field.id} name={field.name} label={field.label} error={error} hint={field.hint}>
        <input
          id={field.id}
          name={field.name}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize={field.autoCapitalize}
          maxLength={field.maxLength}
          defaultValue={value}
          {...fieldAria(field.id, error)}
          {...{ [marker]: '' }}
        />
      </AdminField>
      <SubmitButton>{submit}</SubmitButton>
      <FormFeedback form={form} state={state} saved={saved} />
    </SettingForm>
  );
}
