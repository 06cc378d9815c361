import { ERRORS_API, type ErrorsPageView } from '../../../lib/admin-view.ts';
import FieldList from '../ui/FieldList.tsx';
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
      <details>
        <summary>The latest one</summary>
        <FieldList fields={fields} />
        {sample.stack ? (
          <pre className="admin-stack">
            <code>{sample.stack}</code>
          </pre>
        ) : null}
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
