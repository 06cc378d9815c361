import type { FormState } from '../../../lib/admin/forms.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

export interface VersionView {
  id: number;
  when: string;
  who: string;
  changes: string[];
  restoredFrom: number | null;
  live: boolean;
}

interface Props {
  versions: VersionView[];
  form?: FormState;
  canPublish: boolean;
  /** Where "Bring back" posts (the version's id as `version`). */
  action: string;
  /** What bringing one back does, in a sentence. */
  note?: string;
}

/** Every published version, newest first, each with what changed and a button that brings it back. */
export default function VersionHistory({ versions, form, canPublish, action, note }: Props) {
  return (
    <section aria-labelledby="history-heading" className="admin-section" id="history">
      <h2 id="history-heading">History</h2>
      {note ? <p>{note}</p> : null}
      {form?.form === 'history' && form.error ? (
        <p className="form-status form-status-error" role="status">
          {form.error}
        </p>
      ) : null}
      {versions.length === 0 ? <p>Nothing was published from here yet.</p> : null}
      <ol className="version-list">
        {versions.map((v) => (
          <li key={v.id}>
            <p>
              <strong>Version {v.id}</strong>, {v.when}, {v.who}
              {v.live ? ' (on the site now)' : ''}
              {v.restoredFrom ? `, brought back from version ${v.restoredFrom}` : ''}
            </p>
            <ul>
              {v.changes.slice(0, 12).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {v.changes.length > 12 ? <li>and {v.changes.length - 12} more</li> : null}
            </ul>
            {!v.live && canPublish ? (
              <WorkbenchForm name={`history-${v.id}`} action={action} label={`Bring back version ${v.id}`}>
                <input type="hidden" name="version" value={String(v.id)} />
                <button type="submit" className="btn btn-outline">
                  Bring back version {v.id}
                </button>
              </WorkbenchForm>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
