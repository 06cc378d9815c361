import type { FormState } from '../../../lib/admin/forms.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SettingForm from './SettingForm.tsx';
import FormFeedback from '../ui/FormFeedback.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

interface Props {
  placeId: string | null;
  /** The setting's revision as served (SettingForm). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

/** The business's Google Place ID: where the reviews come from and where “Ask for a review” sends customers. */
export default function PlaceIdForm({ placeId, revision, state, saved }: Props) {
  const mine = state?.form === 'google-place' ? state : undefined;
  const error = mine?.fields?.placeId;
  const value = mine ? (mine.values.placeId ?? '') : (placeId ?? '');
  return (
    <SettingForm name="google-place" revision={revision}>
      <AdminField
        id="place-id"
        name="placeId"
        label="Google Place ID"
        error={error}
        hint="Find it on Google’s Place ID finder (search the web for “Place ID finder”): type your business’s name, pick it on the map and copy the ID shown, which looks like ChIJN1t_tDeuEmsRUsoyG83frY4. Leave the box empty and save to remove it."
      >
        <input
          id="place-id"
          name="placeId"
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          maxLength={300}
          defaultValue={value}
          {...fieldAria('place-id', error)}
          data-place-input=""
        />
      </AdminField>
      <SubmitButton>Save Place ID</SubmitButton>
      <FormFeedback form="google-place" state={state} saved={saved} />
    </SettingForm>
  );
}
