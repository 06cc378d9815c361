import type { FormState } from '../../../lib/admin/forms.ts';
import type { AdminRole } from '../../../lib/admin/sign-in.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SettingForm from './SettingForm.tsx';
import FormFeedback from '../ui/FormFeedback.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

interface Props {
  hosts: string[];
  role: AdminRole;
  containerOn: boolean;
  /** The setting's revision as served (RevisionField). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

/**
 * Further script hosts the container's tags may load from (an advertising network's
 * pixel, say). A super_admin edits them; every admin sees them, each with its warning.
 */
export default function ScriptHostsForm({ hosts, role, containerOn, revision, state, saved }: Props) {
  const mine = state?.form === 'script-hosts' ? state : undefined;
  const error = mine?.fields?.hosts;
  return (
    <div className="admin-subsection" id="script-hosts">
      <h3>Other companies your tags may load code from</h3>
      <p>
        A tag in Tag Manager that loads a script from another company’s server only runs once that company’s address is listed
        here.
        {containerOn ? '' : ' The list has no effect while no container is set.'}
      </p>
      <div data-host-list="">
        {hosts.length ? (
          <ul className="admin-warnings">
            {hosts.map((host) => (
              <li key={host}>
                <strong>{host}</strong>: scripts from this host can run on every public page while Tag Manager is on, and see what
                visitors type there. Remove it when you stop using it.
              </li>
            ))}
          </ul>
        ) : (
          <p>No other company is allowed: only Google’s own tags can load.</p>
        )}
      </div>
      {role === 'super_admin' ? (
        <SettingForm name="script-hosts" revision={revision}>
          <AdminField
            id="script-hosts-input"
            name="hosts"
            label="Their addresses, one per line"
            error={error}
            hint="The host name alone, such as ads.example.com: no https://, no path, no wildcard."
          >
            <textarea
              id="script-hosts-input"
              name="hosts"
              rows={3}
              spellCheck={false}
              defaultValue={mine ? (mine.values.hosts ?? '') : hosts.join('\n')}
              {...fieldAria('script-hosts-input', error)}
            />
          </AdminField>
          <SubmitButton>Save addresses</SubmitButton>
          <FormFeedback form="script-hosts" state={state} saved={saved} />
        </SettingForm>
      ) : (
        <p>Only an owner with full access can change this list.</p>
      )}
    </div>
  );
}
