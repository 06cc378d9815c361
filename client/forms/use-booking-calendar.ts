import { useEffect, useState } from 'react';
import type { FormOptions, LeadFormProps, SlotOffer } from '../../lib/form-props.ts';
import { offersForFullDay } from '../../lib/slot-offers.ts';
import { ARRIVAL_WINDOWS, bookingDateProblem, officeToday, WINDOW_IDS } from '../../lib/lead-schema.ts';
import type { Choice } from './ChoiceGroup.tsx';
import { loadFormOptions } from './form-options.ts';
import { textValue } from './form-state.ts';
import type { useLeadForm } from './use-lead-form.ts';

/**
 * The booking form's date and arrival windows: the chosen date is checked as it
 * changes, and each window shows what is left on that day (full ones cannot be
 * chosen), from the server's calendar once it has loaded; a day with none left
 * offers the next free windows.
 */
export function useBookingCalendar(props: LeadFormProps, setErrors: ReturnType<typeof useLeadForm>['setErrors']) {
  const [date, setDate] = useState(textValue(props.values, 'preferredDate'));
  const [today, setToday] = useState<string | null>(props.today ?? null);
  const [options, setOptions] = useState<FormOptions | null>(null);

  useEffect(() => {
    if (!today) setToday(officeToday(new Date(), props.office.timeZone));
    void loadFormOptions().then((loaded) => {
      if (!loaded) return;
      setOptions(loaded);
      // The server's calendar decides; a visitor's wrong clock must not move "tomorrow".
      setToday(loaded.today);
    });
  }, []);

  const onDateChange = (value: string) => {
    setDate(value);
    const problem = value ? bookingDateProblem(value, new Date(), props.office.timeZone) : null;
    setErrors((current) => {
      const { preferredDate: _old, ...rest } = current;
      return problem ? { ...rest, preferredDate: problem } : rest;
    });
  };

  /** The windows are shown again after a refused one: what is left has changed. */
  const reloadWindows = () => void loadFormOptions().then((loaded) => loaded && setOptions(loaded));

  const day = options?.days.find((d) => d.date === date);
  const windows: Choice[] = WINDOW_IDS.map((id) => {
    const window = ARRIVAL_WINDOWS[id];
    const slot = day?.windows[id];
    const full = slot !== undefined && slot.remaining === 0;
    const note = !slot ? `(${window.hours})` : full ? `(${window.hours}): full` : `(${window.hours}): ${slot.remaining} left`;
    return { value: id, label: window.label, note, disabled: full };
  });
  const bothFull = windows.every((choice) => choice.disabled);
  // A day with no window left (full or blocked) offers the next free ones, as the server does for a refused booking.
  const offers: SlotOffer[] = bothFull && options ? offersForFullDay(options.days, date) : [];
  return { date, today, onDateChange, reloadWindows, windows, bothFull, offers };
}
