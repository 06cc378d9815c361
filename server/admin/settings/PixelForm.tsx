import type { FormState } from '../../../lib/admin/forms.ts';
import { PIXEL_PREVIEW_PATH } from '../../../lib/admin/settings.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SettingForm from './SettingForm.tsx';
import FormFeedback from '../ui/FormFeedback.tsx';

interface Props {
  enabled: boolean;
  snippet: string;
  /** What public pages carry now (the saved snippet, cleaned). */
  injected: string;
  allowedHosts: string[];
  /** The setting's revision as served (RevisionField). */
  revision: string;
  state?: FormState;
  saved?: boolean;
}

/** Setting 2: the SEO pixel and its on/off switch, with the server-cleaned preview of what will be injected. */
export default function PixelForm({ enabled, snippet, injected, allowedHosts, revision, state, saved }: Props) {
  const mine = state?.form === 'seo-pixel' ? state : undefined;
  const error = mine?.fields?.snippet;
  const preview = mine?.preview;
  const checked = mine ? mine.values.enabled === 'on' || mine.values.enabled === 'true' : enabled;
  return (
    <SettingForm name="seo-pixel" revision={revision}>
      <div className="field check-field">
        <input id="pixel-enabled" name="enabled" type="checkbox" value="on" defaultChecked={checked} />
        <label htmlFor="pixel-enabled">Add the search-ranking script to every public page</label>
      </div>
      <AdminField
        id="pixel-snippet"
        name="snippet"
        label="Pixel snippet"
        error={error}
        hint={
          <>
            Paste the code SearchAtlas (or another search-ranking service) gave you. Only <code>&lt;script src=…&gt;</code> tags
            loading over https from {allowedHosts.join(', ')} are kept. Inline code, event attributes and everything else are
            removed.
          </>
        }
      >
        <textarea
          id="pixel-snippet"
          name="snippet"
          rows={5}
          spellCheck={false}
          defaultValue={mine ? (mine.values.snippet ?? '') : snippet}
          {...fieldAria('pixel-snippet', error)}
          data-pixel-input=""
        />
      </AdminField>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          Save pixel
        </button>
        <button type="submit" className="btn btn-outline" formAction={PIXEL_PREVIEW_PATH} data-preview-button="">
          Preview what will be added
        </button>
      </div>
      <div className="pixel-preview" data-pixel-preview="" aria-live="polite">
        <h3>{preview ? 'What saving will add to every page' : 'What every page carries now'}</h3>
        {(preview ? preview.html : enabled ? injected : '') ? (
          <pre>
            <code data-preview-code="">{preview ? preview.html : injected}</code>
          </pre>
        ) : (
          <p data-preview-empty="">{preview ? 'Nothing: no part of the snippet is allowed.' : 'Nothing: the pixel is off.'}</p>
        )}
        {preview?.changed ? (
          <p className="field-hint" data-preview-changed="">
            Parts of what you pasted were removed or rewritten, as shown above.
          </p>
        ) : null}
      </div>
      <FormFeedback form="seo-pixel" state={state} saved={saved} />
    </SettingForm>
  );
}
