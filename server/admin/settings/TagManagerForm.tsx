import type { FormState } from '../../../lib/admin/forms.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SettingForm from './SettingForm.tsx';
import FormFeedback from '../ui/FormFeedback.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

interface Props {
  containerId: string | null;
  /** The setting's revision as served (RevisionField). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

/** Setting 1: the Google Tag Manager container id (GTM- and letters or digits, checked live by the admin script too). */
export default function TagManagerForm({ containerId, revision, state, saved }: Props) {
  const mine = state?.form === 'tag-manager' ? state : undefined;
  const error = mine?.fields?.containerId;
  const value = mine ? (mine.values.containerId ?? '') : (containerId ?? '');
  return (
    <SettingForm name="tag-manager" revision={revision}>
      <AdminField
        id="container-id"
        name="containerId"
        label="Container ID"
        error={error}
        hint="It looks like GTM-AB12CD3: GTM- and 7 or more capital letters or digits, as shown at the top of your Tag Manager workspace. Type or paste it in capitals; spaces and symbols around it are removed for you. Leave the box empty and save to switch Tag Manager off."
      >
        <input
          id="container-id"
          name="containerId"
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={200}
          defaultValue={value}
          {...fieldAria('container-id', error)}
          data-container-input=""
        />
      </AdminField>
      <SubmitButton>Save container ID</SubmitButton>
      <FormFeedback form="tag-manager" state={state} saved={saved} />
    </SettingForm>
  );
}
