import type { SettingsPageView } from './view.ts';
import NoticeForm from './NoticeForm.tsx';
import PixelForm from './PixelForm.tsx';
import PlaceIdForm from './PlaceIdForm.tsx';
import ScriptHostsForm from './ScriptHostsForm.tsx';
import SettingsHistory from './SettingsHistory.tsx';
import TagManagerForm from './TagManagerForm.tsx';

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

/** /admin/settings as the server renders it per request: the three settings, the extra hosts and the history. */
export default function SettingsPanel(view: SettingsPageView) {
  const saved = (form: SettingsPageView['saved']) => view.saved === form;
  return (
    <>
      <section className="admin-section" id="tag-manager" aria-labelledby="tag-manager-title">
        <h2 id="tag-manager-title">Google Tag Manager</h2>
        <p data-setting-state="tag-manager">
          {view.containerId ? `On: container ${view.containerId} loads on every public page.` : 'Off: no container is set.'}
        </p>
        <TagManagerForm
          containerId={view.containerId}
          revision={view.revisions['tag-manager']}
          state={view.form}
          saved={saved('tag-manager')}
        />
        <div className="admin-explainer">
          <h3>Why Custom HTML tags with inline code do not run</h3>
          <p>
            The site tells browsers to run scripts only from files on approved servers, never code written into the page. That
            way, someone who slips text into a page, or into a tag, cannot run code in your visitors’ browsers. So a Custom HTML
            tag with code inside it is blocked. Tags built into Tag Manager (Google Analytics, Google Ads conversions and
            remarketing) work, and so does a tag that loads a script file from a company listed below.
          </p>
          <details className="for-developer">
            <summary>For your developer</summary>
            <p>
              The Content-Security-Policy has no <code>unsafe-inline</code> in <code>script-src</code>; the list below adds hosts
              to it while a container is set.
            </p>
          </details>
        </div>
        <ScriptHostsForm
          hosts={view.scriptHosts}
          role={view.user.role}
          containerOn={view.containerId !== null}
          revision={view.revisions['script-hosts']}
          state={view.form}
          saved={saved('script-hosts')}
        />
      </section>
      <section className="admin-section" id="seo-pixel" aria-labelledby="seo-pixel-title">
        <h2 id="seo-pixel-title">Search-ranking script (SearchAtlas)</h2>
        <p data-setting-state="seo-pixel">
          {view.pixel.enabled && view.pixel.injected ? 'On: every public page carries the script.' : 'Off: no script is added.'}
        </p>
        <PixelForm
          enabled={view.pixel.enabled}
          snippet={view.pixel.snippet}
          injected={view.pixel.injected}
          allowedHosts={view.pixelHosts}
          revision={view.revisions['seo-pixel']}
          state={view.form}
          saved={saved('seo-pixel')}
        />
      </section>
      <section className="admin-section" id="site-notice" aria-labelledby="site-notice-title">
        <h2 id="site-notice-title">Storm notice</h2>
        <p>
          A short message at the top of every public page, with the phone number. Use it when the office works differently, for
          example after a hurricane.
        </p>
        <NoticeForm
          notice={view.notice}
          timeZone={view.timeZone}
          revision={view.revisions['site-notice']}
          state={view.form}
          saved={saved('site-notice')}
        />
      </section>
      <section className="admin-section" id="google-place" aria-labelledby="google-place-title">
        <h2 id="google-place-title">Google reviews</h2>
        <p data-setting-state="google-place">{placeState(view)}</p>
        <PlaceIdForm
          placeId={view.placeId}
          revision={view.revisions['google-place']}
          state={view.form}
          saved={saved('google-place')}
        />
      </section>
      <section className="admin-section" id="history" aria-labelledby="history-title" data-history="">
        <h2 id="history-title">Change history</h2>
        <SettingsHistory audit={view.audit} />
      </section>
    </>
  );
}
