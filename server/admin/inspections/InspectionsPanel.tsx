import type { InspectionsPageView } from '../../../lib/admin-view.ts';
import InspectionCapacity from './InspectionCapacity.tsx';
import InspectionCalendar from './InspectionCalendar.tsx';

const SAVED: Record<string, string> = {
  'default-capacity': 'Saved: every window without its own number takes this many bookings.',
  capacity: 'Capacity saved.',
  block: 'Date blocked: the booking form now refuses it and offers the next free windows.',
  unblock: 'Date open again for bookings.',
};

/**
 * /admin/inspections: the next 60 days by day and arrival window with
 * bookings and places left, the capacity of each window, and blocked dates.
 */
export default function InspectionsPanel(view: InspectionsPageView) {
  const saved = (name: string) => (view.saved === name ? SAVED[name] : null);
  return (
    <>
      <InspectionCapacity view={view} saved={saved} />
      <InspectionCalendar view={view} />
    </>
  );
}
