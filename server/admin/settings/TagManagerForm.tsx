import type { FormState } from '../../../lib/admin/forms.ts';
import TextSettingForm from './TextSettingForm.tsx';

interface Props {
  containerId: string | null;
  /** The setting's revision as served (SettingForm). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

const FIELD = {
  id: 'container-id',
  name: 'containerId',
  label: 'Container ID',
  hint: 'It looks like GTM-AB12CD3: GTM- and 7 or more capital letters or digits, as shown at the top of your Tag Manager workspace. Type or paste it in capitals; spaces and symbols around it are removed for you. Leave the box empty and save to switch Tag Manager off.',
  maxLength: 200,
  autoCapitalize: 'characters',
} as const;

/** Setting 1: the Google Tag Manager container id (GTM- and letters or digits, checked live by the admin script too). */
export default function TagManagerForm({ containerId, ...rest }: Props) {
  return (
    <TextSettingForm
      form="tag-manager"
      stored={containerId}
      field={FIELD}
      marker="data-container-input"
      submit="Save container ID"
      {...rest}
    />
  );
}
