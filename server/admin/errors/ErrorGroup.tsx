import { ERRORS_API, type ErrorsPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

type Section = ErrorsPageView['sections'][number];

/** One group of like errors: how often and when, the latest one in full, and the button that marks it resolved. */
export default function ErrorGroup({
  kind,
  group,
  index,
}: {
  kind: Section['kind'];
  group: Section['groups'][number];
  index: number;
}) {
  const { sample } = group;
  const fields = [
    { label: 'Message', value: sample.message },
    { label: 'Address', value: sample.url },
    { label: 'Came from', value: sample.referrer },
    { label: 'Browser', value: sample.userAgent },
  ].filter((field): field is { label: string; value: string } => Boolean(field.value));
  return (
    <li className={group.resolved ? 'error-group error-group-resolved' : 'error-group'}>
      <h3>{group.key || '(no message)'}</h3>
      <p>
        {group.count} {group.count === 1 ? 'time' : 'times'}; first {group.firstSeen}, last {group.lastSeen}.
        {group.resolved ? ` Resolved by ${group.resolved.who}, ${group.resolved.when}.` : ''}
      </p>
      <p className="error-summary">
        {group.summary.what} {group.summary.visitors} <strong>{group.summary.todo}</strong>
      </p>
      {kind === 'visitor' && sample.message ? <p className="admin-note-body">{sample.message}</p> : null}
      {/* The technical detail is for a developer: folded away, with a way to copy it whole. */}
      <details className="for-developer">
        <summary>For your developer: the latest one in full</summary>
        <pre className="admin-stack" id={`error-detail-${kind}-${index}`}>
          <code>{[...fields.map((f) => `${f.label}: ${f.value}`), sample.stack ?? ''].filter(Boolean).join('\n\n')}</code>
        </pre>
        <button type="button" className="btn btn-outline btn-small" data-copy={`error-detail-${kind}-${index}`} hidden>
          Copy for your developer
        </button>
      </details>
      {group.resolved ? null : (
        <WorkbenchForm name={`resolve-${kind}-${index}`} action={ERRORS_API.resolve}>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="key" value={group.key} />
          <button type="submit" className="btn btn-outline">
            Mark resolved
          </button>
        </WorkbenchForm>
      )}
    </li>
  );
}
