import type { FormState } from '../../../lib/admin/forms.ts';
import { typed } from '../ui/WorkbenchForm.tsx';

/** The two roles as radio buttons, office staff chosen unless the form came back with the other. */
export default function RoleChoice({ state, form, legend }: { state: FormState | undefined; form: string; legend: string }) {
  const chosen = typed(state, form, 'role', 'admin');
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      <label className="choice">
        <input type="radio" name="role" value="admin" defaultChecked={chosen === 'admin'} /> Office staff: leads, inspections,
        errors and settings
      </label>
      <label className="choice">
        <input type="radio" name="role" value="super_admin" defaultChecked={chosen === 'super_admin'} /> Owner (full access): also
        users and script hosts
      </label>
    </fieldset>
  );
}
