import type { SettingsForm } from '../../../lib/admin/settings.ts';
import type { SettingsPageView } from './view.ts';
import NoticeForm from './NoticeForm.tsx';
import PixelForm from './PixelForm.tsx';
import PlaceIdForm from './PlaceIdForm.tsx';
import SettingSection from './SettingSection.tsx';
import SettingsHistory from './SettingsHistory.tsx';
import TagManagerSection from './TagManagerSection.tsx';

/** What the reviews section and the review links use now, in plain words. */
function placeState(view: SettingsPageView): string {
  const id = view.placeId ?? view.placeIdFromEnv;
  if (!id) return 'Not set: the site shows no Google reviews, and “Ask for a review” has no link to send.';
  const where = view.placeId ? 'saved here' : 'set up by your developer';
  const reviews = view.placesKeySet
    ? 'the reviews section shows this place’s Google reviews'
    : 'the review links use it; showing the reviews also needs a Google key, which your developer sets up';
  return `On: Place ID ${id} (${where}); ${reviews}.`;
}

/** /admin/settings as the server renders it per request: the storm notice first, then the tags, the reviews' place, the extra hosts and the history. */
export default function SettingsPanel(view: SettingsPageView) {
  // What every setting's form is given: its revision as served, a refused post's state, and whether it just saved.
  const formOf = (form: SettingsForm) => ({ revision: view.revisions[form], state: view.form, saved: view.saved === form });
  return (
    <>
      {/* The storm notice first: it is what the owner comes here for in a hurricane, often from a phone. */}
      <SettingSection id="site-notice" title="Storm notice">
        <p>
          A short message at the top of every public page, with the phone number. Use it when the office works differently, for
          example after a hurricane.
        </p>
        <NoticeForm notice={view.notice} timeZone={view.timeZone} {...formOf('site-notice')} />
      </SettingSection>
      <TagManagerSection view={view} formOf={formOf} />
      <SettingSection id="seo-pixel" title="Search-ranking script (SearchAtlas)">
        <p data-setting-state="seo-pixel">
          {view.pixel.enabled && view.pixel.injected ? 'On: every public page carries the script.' : 'Off: no script is added.'}
        </p>
        <PixelForm
          enabled={view.pixel.enabled}
          snippet={view.pixel.snippet}
          injected={view.pixel.injected}
          allowedHosts={view.pixelHosts}
          {...formOf('seo-pixel')}
        />
      </SettingSection>
      <SettingSection id="google-place" title="Google reviews">
        <p data-setting-state="google-place">{placeState(view)}</p>
        <PlaceIdForm placeId={view.placeId} {...formOf('google-place')} />
      </SettingSection>
      <section className="admin-section" id="history" aria-labelledby="history-title" data-history="">
        <h2 id="history-title">Change history</h2>
        <SettingsHistory audit={view.audit} />
      </section>
    </>
  );
}
