import type { ErrorsPageView } from './view.ts';
import ErrorGroup from './ErrorGroup.tsx';

/**
 * /admin/errors: server errors, render errors, visitor reports and pages not found,
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
                <ErrorGroup key={group.key} kind={section.kind} group={group} index={i} />
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
