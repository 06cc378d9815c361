import { INSPECTIONS_API, type InspectionsPageView } from './view.ts';

/**
 * Your private calendar subscription for the booked inspections (Google or Apple Calendar), with
 * who can read it; a new address replaces the old one at once, and it can be turned off.
 */
export default function CalendarFeed({ view }: { view: InspectionsPageView }) {
  const feed = view.feed ?? { since: null, address: null };
  return (
    <section className="admin-section" aria-labelledby="feed-title" id="feed">
      <h2 id="feed-title">See the bookings in your calendar</h2>
      <p>
        A private address your phone’s or computer’s calendar subscribes to: it shows every booked inspection with the customer’s
        name, phone number and address, and checks for changes every hour. <strong>Anyone who has the address can read it</strong>
        , so keep it in your own calendar only; make a new one if it was shared by mistake.
      </p>
      {feed.address ? (
        <div className="admin-toast" role="status">
          <p>
            Your new address (shown this once; copy it now): <code data-feed-address="">{feed.address}</code>
          </p>
          <p>
            In Google Calendar: Other calendars, From URL. On an iPhone: Settings, Calendar, Accounts, Add Subscribed Calendar.
          </p>
        </div>
      ) : (
        <p data-feed-state="">
          {feed.since ? `You have an address, made ${feed.since}.` : 'You have no calendar address yet.'}
          {view.saved === 'feed-revoke' ? ' The old address no longer works.' : ''}
        </p>
      )}
      <div className="row-actions">
        <form method="post" action={INSPECTIONS_API.feed} data-plain="">
          <button type="submit" className="btn btn-outline">
            {feed.since ? 'Make a new address (the old one stops working)' : 'Make my calendar address'}
          </button>
        </form>
        {feed.since ? (
          <form method="post" action={INSPECTIONS_API.feedRevoke}>
            <button type="submit" className="btn btn-outline">
              Turn the address off
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
