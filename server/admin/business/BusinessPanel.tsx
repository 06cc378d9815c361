import type { FormState } from '../../../lib/admin/forms.ts';
import type { HookRun } from '../../publish/publisher.ts';
import BusinessForm from './BusinessForm.tsx';
import PublishForm from './PublishForm.tsx';
import VersionHistory, { type VersionView } from '../ui/VersionHistory.tsx';
import { BUSINESS_RESTORE_PATH } from './paths.ts';
import PublishFailure from '../ui/PublishFailure.tsx';

export interface BusinessView {
  values: Record<string, string>;
  /** The draft's revision ('' for none): a save from a page opened before someone else's is refused. */
  revision: string;
  /** What a publish would be refused for, by field. */
  problems: Record<string, string>;
  form?: FormState;
  saved: string | null;
  draftLine: string;
  liveLine: string;
  /** False while this server still builds the newest version (just started, or another server published it). */
  servedNow: boolean;
  cannotPublish: string | null;
  lastFailure: string | null;
  placeholders: { label: string; value: string; why: string; affects: string }[];
  versions: VersionView[];
  hook: HookRun | null;
}

/** /admin/business: where the site stands, the draft's form, Publish, and the history. */
export default function BusinessPanel(view: BusinessView) {
  const problems = Object.keys(view.problems).length;
  return (
    <div className="business-panel">
      <section aria-labelledby="business-status" className="admin-section">
        <h2 id="business-status">Where the site stands</h2>
        <p>{view.liveLine}</p>
        <p>{view.draftLine}</p>
        <p>
          Changes stay a draft until you <a href="#publish">Publish</a>, at the end of the page.
          {problems ? ` ${problems} field(s) need a change first.` : ''}
        </p>
        {view.placeholders.length ? (
          <details className="admin-details">
            <summary>Still placeholders ({view.placeholders.length})</summary>
            <p>These are stand-ins, not the business’s real details. Replace or confirm them.</p>
            <ul>
              {view.placeholders.map((p) => (
                <li key={p.label}>
                  <strong>{p.label}</strong>: “{p.value}” ({p.why}). Shows on: {p.affects}.
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {view.servedNow ? null : <p>This server is building the newest published version; it shows it within seconds.</p>}
        {view.cannotPublish ? <p className="form-status form-status-error">{view.cannotPublish}</p> : null}
        <PublishFailure reason={view.lastFailure} />
        {view.hook && !view.hook.ok ? (
          <p className="form-status form-status-error">
            The after-publish command failed (the site is published): {view.hook.output || 'it said nothing.'}
          </p>
        ) : null}
      </section>
      <BusinessForm {...view} />
      <PublishForm
        revision={view.revision}
        form={view.form}
        saved={view.saved}
        problems={problems}
        disabled={Boolean(view.cannotPublish)}
      />
      <VersionHistory versions={view.versions} form={view.form} canPublish={!view.cannotPublish} action={BUSINESS_RESTORE_PATH} />
    </div>
  );
}
