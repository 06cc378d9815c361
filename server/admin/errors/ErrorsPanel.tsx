import { ERRORS_API, type ErrorsPageView } from '../../../lib/admin-view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

/**
 * /admin/errors (issue 10): render errors, visitor reports and pages not found,
 * each grouped by message or path, with counts, first and last seen, a sample, and
 * a way to mark a group resolved.
 */
export default function ErrorsPanel(view: ErrorsPageView) {
  return (
    <>
      <p>
        Entries older than {view.retentionDays} days are removed automatically. A group marked resolved opens again if it happens
        again.
      </p>
      {view.saved === 'resolve' ? (
        <p className="form-status" role="status">
          Marked resolved.
        </p>
      ) : null}
      {view.sections.map((section) => (
        <section
          key={section.kind}
          className="admin-section"
          aria-labelledby={`errors-${section.kind}`}
          data-errors={section.kind}
        >
          <h2 id={`errors-${section.kind}`}>{section.title}</h2>
          {section.groups.length ? (
            <ul className="admin-list error-groups">
              {section.groups.map((group, i) => (
                <li key={group.key} className={group.resolved ? 'error-group error-group-resolved' : 'error-group'}>
                  <h3>{group.key || '(no message)'}</h3>
                  <p>
                    {group.count} {group.count === 1 ? 'time' : 'times'}; first {group.firstSeen}, last {group.lastSeen}.
                    {group.resolved ? ` Resolved by ${group.resolved.who}, ${group.resolved.when}.` : ''}
                  </p>
                  <details>
                    <summary>The latest one</summary>
                    <dl className="admin-fields">
                      {group.sample.message ? (
                        <div>
                          <dt>Message</dt>
                          <dd>{group.sample.message}</dd>
                        </div>
                      ) : null}
                      {group.sample.url ? (
                        <div>
                          <dt>Address</dt>
                          <dd>{group.sample.url}</dd>
                        </div>
                      ) : null}
                      {group.sample.referrer ? (
                        <div>
                          <dt>Came from</dt>
                          <dd>{group.sample.referrer}</dd>
                        </div>
                      ) : null}
                      {group.sample.userAgent ? (
                        <div>
                          <dt>Browser</dt>
                          <dd>{group.sample.userAgent}</dd>
                        </div>
                      ) : null}
                    </dl>
                    {group.sample.stack ? (
                      <pre className="admin-stack">
                        <code>{group.sample.stack}</code>
                      </pre>
                    ) : null}
                  </details>
                  {group.resolved ? null : (
                    <WorkbenchForm name={`resolve-${section.kind}-${i}`} action={ERRORS_API.resolve}>
                      <input type="hidden" name="kind" value={section.kind} />
                      <input type="hidden" name="key" value={group.key} />
                      <button type="submit" className="btn btn-outline">
                        Mark resolved
                      </button>
                    </WorkbenchForm>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-empty">{section.empty}</p>
          )}
        </section>
      ))}
    </>
  );
}
