import type { DayPartProps } from './view.ts';
import DayBlockForm from './DayBlockForm.tsx';
import DayCapacityForm from './DayCapacityForm.tsx';
import DayWindows from './DayWindows.tsx';

/**
 * The day opened from the week: its bookings by window, one form for the day's capacity
 * (both windows) and the switch that blocks the day or opens it again, in place.
 */
export default function InspectionDay({ view, day, saved }: DayPartProps) {
  return (
    <section
      className={day.blocked ? 'admin-section calendar-day calendar-day-blocked' : 'admin-section calendar-day'}
      aria-labelledby="day-title"
      id="day"
      data-date={day.date}
    >
      <h2 id="day-title">{day.label}</h2>
      {day.blocked ? (
        <p>
          Blocked{day.blocked.reason ? `: ${day.blocked.reason}` : ''}
          {day.blocked.by ? ` (by @${day.blocked.by})` : ''}. No new bookings.
        </p>
      ) : null}
      <DayWindows day={day} />
      <DayCapacityForm view={view} day={day} saved={saved} />
      <DayBlockForm view={view} day={day} saved={saved} />
    </section>
  );
}
