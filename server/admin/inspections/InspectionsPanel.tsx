import type { InspectionsPageView } from './view.ts';
import CalendarFeed from './CalendarFeed.tsx';
import InspectionCapacity from './InspectionCapacity.tsx';
import InspectionDay from './InspectionDay.tsx';
import InspectionWeek from './InspectionWeek.tsx';

const SAVED: Record<string, string> = {
  'default-capacity': 'every window without its own number takes this many bookings.',
  'weekday-capacity': 'each weekday now takes these numbers, unless a day has its own.',
  capacity: 'the capacity.',
  'day-capacity': 'the capacity of this day.',
  block: 'the date is blocked: the booking form now refuses it and offers the next free windows.',
  unblock: 'the date is open again for bookings.',
};

/**
 * /admin/inspections: a week of bookable days by arrival window with bookings and places left,
 * the day chosen with its bookings, capacity and block, then the default capacity and a
 * date to block further ahead.
 */
export default function InspectionsPanel(view: InspectionsPageView) {
  const saved = (name: string) => {
    const key = name.startsWith('day-capacity-') ? 'day-capacity' : name;
    return view.saved === key ? `Saved at ${view.savedAt}: ${SAVED[key]}` : null;
  };
  return (
    <>
      <InspectionWeek view={view} />
      {view.day ? <InspectionDay view={view} day={view.day} saved={saved} /> : null}
      <InspectionCapacity view={view} saved={saved} />
      <CalendarFeed view={view} />
    </>
  );
}
