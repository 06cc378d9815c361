import type { EventView } from './view.ts';

/** A lead's changes or notes, oldest first, each with who and when. */
export default function LeadHistory({ events }: { events: EventView[] }) {
  return (
    <ol className="admin-timeline">
      {events.map((event) => (
        <li key={event.id}>
          <p>
            {event.text} by <strong>{event.who}</strong>, <time dateTime={event.whenIso}>{event.when}</time>
          </p>
          {event.body ? <p className="admin-note-body">{event.body}</p> : null}
        </li>
      ))}
    </ol>
  );
}
