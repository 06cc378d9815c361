import type { DashboardView } from '../../../lib/admin-view.ts';

export default function UnsentNotifications({ view }: { view: DashboardView }) {
  const { notifications } = view;
  return (
    <section className="admin-section" aria-labelledby="unsent-title">
      <h2 id="unsent-title">Notifications not delivered</h2>
      {notifications.length ? (
        <ul className="admin-list">
          {notifications.map((n) => (
            <li key={`${n.reference}-${n.channelLabel}`}>
              <a href={n.href}>{n.name}</a>: {n.channelLabel} {n.state}, {n.attempts} {n.attempts === 1 ? 'attempt' : 'attempts'}.{' '}
              {n.reason}
              {n.nextAttempt ? ` Next try ${n.nextAttempt}.` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">Every lead notification has been delivered.</p>
      )}
    </section>
  );
}
