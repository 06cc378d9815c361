import type { FormState } from '../../../lib/admin/forms.ts';
import type { NoticeView } from './view.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SettingForm from './SettingForm.tsx';
import FormFeedback from '../ui/FormFeedback.tsx';

interface Props {
  notice: NoticeView | null;
  timeZone: string;
  /** The setting's revision as served (RevisionField). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

/** Setting 3: the site-wide notice for storm season, with its link and expiry. */
export default function NoticeForm({ notice, timeZone, revision, state, saved }: Props) {
  const mine = state?.form === 'site-notice' ? state : undefined;
  const fields = mine?.fields ?? {};
  const value = (name: 'text' | 'link' | 'expires', current: string) => (mine ? (mine.values[name] ?? '') : current);
  return (
    <SettingForm name="site-notice" revision={revision}>
      <p data-notice-state="">
        {notice?.showing
          ? `Showing now, until ${notice.expiresText}.`
          : notice
            ? `Not showing: it ended ${notice.expiresText}.`
            : 'Not showing.'}
      </p>
      <AdminField
        id="notice-text"
        name="text"
        label="Notice text"
        error={fields.text}
        hint="One or two short sentences, for example “We are prioritising emergency tarping; call us.” The phone number is added after it."
      >
        <textarea
          id="notice-text"
          name="text"
          rows={2}
          maxLength={240}
          defaultValue={value('text', notice?.text ?? '')}
          {...fieldAria('notice-text', fields.text)}
        />
      </AdminField>
      <AdminField
        id="notice-link"
        name="link"
        label={
          <>
            Link <span className="field-need">(optional)</span>
          </>
        }
        error={fields.link}
        hint="A page of this site such as /services/emergency-roof-repair, or an https:// address."
      >
        <input
          id="notice-link"
          name="link"
          type="text"
          inputMode="url"
          autoComplete="off"
          defaultValue={value('link', notice?.link ?? '')}
          {...fieldAria('notice-link', fields.link)}
        />
      </AdminField>
      <AdminField
        id="notice-expires"
        name="expires"
        label="Show until"
        error={fields.expires}
        hint={`Office time (${timeZone}). The notice disappears by itself then, at most 90 days from now.`}
      >
        <input
          id="notice-expires"
          name="expires"
          type="datetime-local"
          defaultValue={value('expires', notice?.showing ? notice.expiresLocal : '')}
          {...fieldAria('notice-expires', fields.expires)}
        />
      </AdminField>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" name="intent" value="save">
          Save notice
        </button>
        <button type="submit" className="btn btn-outline" name="intent" value="clear">
          Remove the notice now
        </button>
      </div>
      <FormFeedback form="site-notice" state={state} saved={saved} />
    </SettingForm>
  );
}
