import type { FormState } from '../../../lib/admin/forms.ts';
import TextSettingForm from './TextSettingForm.tsx';

interface Props {
  placeId: string | null;
  /** The setting's revision as served (SettingForm). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

const FIELD = {
  id: 'place-id',
  name: 'placeId',
  label: 'Google Place ID',
  hint: 'Find it on Google’s Place ID finder (search the web for “Place ID finder”): type your business’s name, pick it on the map and copy the ID shown, which looks like ChIJN1t_tDeuEmsRUsoyG83frY4. Leave the box empty and save to remove it.',
  maxLength: 300,
  autoCapitalize: 'off',
} as const;

/** The business's Google Place ID: where the reviews come from and where “Ask for a review” sends customers. */
export default function PlaceIdForm({ placeId, ...rest }: Props) {
  return (
    <TextSettingForm
      form="google-place"
      stored={placeId}
      field={FIELD}
      marker="data-place-input"
      submit="Save Place ID"
      {...rest}
    />
  );
}
