import type { FormState } from '../../../lib/admin/forms.ts';
import type { SettingsForm } from '../../../lib/admin/settings.ts';
import type { SettingsPageView } from './view.ts';
import ScriptHostsForm from './ScriptHostsForm.tsx';
import SettingSection from './SettingSection.tsx';
import TagManagerForm from './TagManagerForm.tsx';

/** The tag-manager container, why inline tags do not run, and the extra script hosts it may load from. */
export default function TagManagerSection({
  view,
  formOf,
}: {
  view: SettingsPageView;
  /** What the settings page gives each form (SettingsPanel). */
  formOf: (form: SettingsForm) => { revision: string; state?: FormState; saved: boolean };
}) {
  return (
    <SettingSection id="tag-manager" title="Google Tag Manager">
      <p data-setting-state="tag-manager">
        {view.containerId ? `On: container ${view.containerId} loads on every public page.` : 'Off: no container is set.'}
      </p>
      <TagManagerForm containerId={view.containerId} {...formOf('tag-manager')} />
      <div className="admin-explainer">
        <h3>Why Custom HTML tags with inline code do not run</h3>
        <p>
          The site tells browsers to run scripts only from files on approved servers, never code written into the page. That way,
          someone who slips text into a page, or into a tag, cannot run code in your visitors’ browsers. So a Custom HTML tag with
          code inside it is blocked. Tags built into Tag Manager (Google Analytics, Google Ads conversions and remarketing) work,
          and so does a tag that loads a script file from a company listed below.
        </p>
        <details className="for-developer">
          <summary>For your developer</summary>
          <p>
            The Content-Security-Policy has no <code>unsafe-inline</code> in <code>script-src</code>; the list below adds hosts to
            it while a container is set.
          </p>
        </details>
      </div>
      <ScriptHostsForm
        hosts={view.scriptHosts}
        role={view.user.role}
        containerOn={view.containerId !== null}
        {...formOf('script-hosts')}
      />
    </SettingSection>
  );
}
