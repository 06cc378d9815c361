import type { DashboardView } from './view.ts';

/**
 * Notifications not delivered, grouped by why (twenty emails waiting for the email account to be
 * set up are one line, not twenty), with the leads they are for.
 */
export default function UnsentNotifications({ view }: { view: DashboardView }) {
  const { notifications } = view;
  const groups = new Map<string, typeof notifications>();
  for (const n of notifications) groups.set(n.reason, [...(groups.get(n.reason) ?? []), n]);
  return (
    <section className="admin-section" aria-labelledby="unsent-title">
      <h2 id="unsent-title">Notifications not delivered</h2>
      {notifications.length ? (
        <ul className="admin-list">
          {[...groups].map(([reason, list]) => (
            <li key={reason}>
              <strong>
                {list.length} {list.length === 1 ? 'notification' : 'notifications'}:
              </strong>{' '}
              {reason}{' '}
              <span className="lead-line-meta">
                For{' '}
                {list.slice(0, 3).map((n, i) => (
                  <span key={`${n.reference}-${n.channelLabel}`}>
                    {i ? ', ' : ''}
                    <a href={n.href}>{n.name}</a>
                  </span>
                ))}
                {list.length > 3 ? ` and ${list.length - 3} more` : ''}.
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">Every lead notification has been delivered.</p>
      )}
    </section>
  );
}
