/**
 * /admin/inspections (issue 10): the next 60 days by day and window with bookings
 * and places left, capacity per window, and blocked dates, which the booking form
 * and POST /api/leads then treat as full.
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import { z } from 'zod';
import { BOOKING_LABELS } from '../../../lib/admin-leads.ts';
import { INSPECTIONS_API, type CalendarDayView, type InspectionsPageView } from '../../../lib/admin-view.ts';
import {
  addDays,
  ARRIVAL_WINDOWS,
  BOOKING_HORIZON_DAYS,
  formatDateLong,
  isCalendarDate,
  isSunday,
  officeToday,
  WINDOW_IDS,
} from '../../../lib/lead-schema.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { bookingsBetween } from '../../leads/admin-store.ts';
import {
  availabilityOf,
  blockDate,
  blockedDatesBetween,
  defaultCapacity,
  setDefaultCapacity,
  setSlotCapacity,
  unblockDate,
} from '../../leads/store.ts';
import { leadHref } from '../format.ts';
import { workbenchPage, type AdminPageDeps } from '../pages.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint, type AdminTopic, type PageWithState } from '../workbench.ts';
import InspectionsPanel from './InspectionsPanel.tsx';

const capacity = z.coerce
  .number({ message: 'Give a whole number from 0 to 100.' })
  .int('Give a whole number from 0 to 100.')
  .min(0, 'Give a whole number from 0 to 100.')
  .max(100, 'Give a whole number from 0 to 100.');
const date = z.string().trim().refine(isCalendarDate, 'Choose a date from the calendar.');

export function inspectionsAdmin(deps: AdminPageDeps): AdminTopic {
  const api = new Hono<{ Variables: AdminVariables }>();
  const { store, db } = deps;

  /** Today and the days the booking form offers (tomorrow to +60, Sundays closed). */
  const calendarDates = (today: string) => {
    const dates: string[] = [];
    for (let day = 0; day <= BOOKING_HORIZON_DAYS; day++) {
      const d = addDays(today, day);
      if (!isSunday(d)) dates.push(d);
    }
    return dates;
  };

  const page: PageWithState = async (c, extra, status = 200) => {
    const today = officeToday(new Date(), store.site.facts.timeZone);
    const dates = calendarDates(today);
    const last = dates.at(-1)!;
    const [days, bookings, blocked, fallback] = await Promise.all([
      availabilityOf(db, dates),
      bookingsBetween(db, today, last),
      blockedDatesBetween(db, today, last),
      defaultCapacity(db),
    ]);
    const blockedOf = new Map(blocked.map((b) => [b.date, b]));
    const view: InspectionsPageView = {
      defaultCapacity: fallback,
      firstDate: addDays(today, 1),
      lastDate: last,
      days: days.map((day): CalendarDayView => ({
        date: day.date,
        label: formatDateLong(day.date).replace(/, \d{4}$/, ''),
        blocked: day.blocked
          ? { reason: blockedOf.get(day.date)?.reason ?? null, by: blockedOf.get(day.date)?.by ?? null }
          : null,
        windows: WINDOW_IDS.map((id) => ({
          id,
          label: ARRIVAL_WINDOWS[id].label,
          hours: ARRIVAL_WINDOWS[id].hours,
          capacity: day.windows[id].configured,
          booked: day.windows[id].booked,
          remaining: day.windows[id].remaining,
          bookings: bookings
            .filter((b) => b.preferredDate === day.date && b.preferredWindow === id)
            .map((b) => ({
              reference: b.reference,
              href: leadHref(store, b.reference),
              name: b.name,
              bookingLabel: BOOKING_LABELS[b.bookingStatus ?? 'requested'],
            })),
        })),
      })),
      ...extra,
    };
    return workbenchPage(c, store, 'admin-inspections', createElement(InspectionsPanel, view), {
      status,
      titlePrefix: extra.form?.error ? 'Not saved: ' : undefined,
    });
  };

  const back = (saved: string, anchor = '') => `${store.site.pages['admin-inspections']}?saved=${saved}${anchor}`;

  workbenchEndpoint(api, {
    path: INSPECTIONS_API.defaultCapacity,
    schema: z.object({ capacity }),
    form: () => 'default-capacity',
    page,
    redirect: () => back('default-capacity'),
    save: async (_c, body) => {
      await setDefaultCapacity(db, body.capacity);
      return { capacity: body.capacity };
    },
  });

  workbenchEndpoint(api, {
    path: INSPECTIONS_API.capacity,
    schema: z.object({ date, window: z.enum(WINDOW_IDS, { message: 'Choose morning or afternoon.' }), capacity }),
    form: (values) => `capacity-${values.date}-${values.window}`,
    page,
    redirect: (_c, body) => back('capacity', `#${body.date}`),
    save: async (_c, body) => {
      await setSlotCapacity(db, { date: body.date, window: body.window }, body.capacity);
      return { date: body.date, window: body.window, capacity: body.capacity };
    },
  });

  workbenchEndpoint(api, {
    path: INSPECTIONS_API.block,
    schema: z.object({ date, reason: z.string().trim().max(200, 'Keep the reason under 200 characters.').default('') }),
    form: () => 'block',
    page,
    redirect: () => back('block'),
    save: async (c, body) => {
      const today = officeToday(new Date(), store.site.facts.timeZone);
      if (body.date <= today || body.date > addDays(today, BOOKING_HORIZON_DAYS)) {
        throw new Refusal('Choose a date from tomorrow to 60 days ahead: only those can be booked.', {
          date: 'Choose a date from tomorrow to 60 days ahead.',
        });
      }
      await blockDate(db, body.date, body.reason || null, actorOf(c).login);
      return { date: body.date, blocked: true };
    },
  });

  workbenchEndpoint(api, {
    path: INSPECTIONS_API.unblock,
    schema: z.object({ date }),
    form: (values) => `unblock-${values.date}`,
    page,
    redirect: () => back('unblock'),
    save: async (_c, body) => ({ date: body.date, blocked: false, changed: await unblockDate(db, body.date) }),
  });

  return { api, pages: { 'admin-inspections': (c) => page(c, savedOf(c)) } };
}
