/**
 * /admin/inspections: the next 60 days by day and window with bookings
 * and places left, capacity per window, and blocked dates, which the booking form
 * and POST /api/leads then treat as full.
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import { z } from 'zod';
import { INSPECTIONS_API, type InspectionsPageView } from './view.ts';
import { addDays, BOOKING_HORIZON_DAYS, isCalendarDate, officeToday, WINDOW_IDS } from '../../../lib/lead-schema.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { blockDate, setDefaultCapacity, setSlotCapacity, setWeekdayCapacity, unblockDate } from '../../leads/store.ts';
import { screenPage, type AdminPageDeps } from '../core/pages.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint, type AdminTopic, type PageWithState } from '../core/workbench.ts';
import { officeClock, officeTime } from '../core/format.ts';
import { calendarView, weekOf } from './data.ts';
import { weekdaySchema } from './weekday-form.ts';
import {
  bookingsFeed,
  CALENDAR_FEED_PREFIX,
  feedCreatedAt,
  feedTokenValid,
  replaceFeedToken,
  revokeFeedToken,
} from '../../leads/calendar-feed.ts';
import { bookingsBetween } from '../../leads/admin-store.ts';
import InspectionsPanel from './InspectionsPanel.tsx';

const capacity = z.coerce
  .number({ message: 'Give a whole number from 0 to 100.' })
  .int('Give a whole number from 0 to 100.')
  .min(0, 'Give a whole number from 0 to 100.')
  .max(100, 'Give a whole number from 0 to 100.');
const date = z.string().trim().refine(isCalendarDate, 'Choose a date from the calendar.');

/** What each group of the screen's routes is given: the app's parts, the page and the way back to it. */
interface Screen {
  api: Hono<{ Variables: AdminVariables }>;
  deps: AdminPageDeps;
  page: PageWithState;
  /** Back to the calendar after a plain post, on the day the form was for when it was for one. */
  back: (saved: string, day?: string) => string;
}

/** The calendar page: the week asked for (or the day a refused form was for), with this admin's feed. */
function inspectionsPage(deps: AdminPageDeps): PageWithState {
  const { built, db } = deps;
  return async (c, extra, status = 200) => {
    const today = officeToday(new Date(), built.site.facts.timeZone);
    // After a refused post, the day the form was for.
    const day = c.req.query('day') ?? extra.form?.values.date;
    const since = await feedCreatedAt(db, actorOf(c).id);
    const view: InspectionsPageView = {
      ...(await calendarView(deps, today, weekOf(today, { week: c.req.query('week'), day }))),
      feed: { since: officeTime(built, since), address: null },
      ...extra,
      savedAt: extra.saved ? officeClock(built, new Date()) : undefined,
    };
    return screenPage(c, built, 'admin-inspections', createElement(InspectionsPanel, view), { form: extra.form, status });
  };
}

/** The usual number of inspections per window, per weekday, per window of one date and per date. */
function capacityRoutes({ api, deps: { db }, page, back }: Screen): void {
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

  // Every weekday's usual numbers, one form; an empty cell hands its window back to the default.
  workbenchEndpoint(api, {
    path: INSPECTIONS_API.weekdayCapacity,
    schema: weekdaySchema,
    form: () => 'weekday-capacity',
    page,
    redirect: () => back('weekday-capacity'),
    save: async (_c, table) => {
      await setWeekdayCapacity(db, table);
      return { weekdays: table };
    },
  });

  workbenchEndpoint(api, {
    path: INSPECTIONS_API.capacity,
    schema: z.object({ date, window: z.enum(WINDOW_IDS, { message: 'Choose morning or afternoon.' }), capacity }),
    form: (values) => `capacity-${values.date}-${values.window}`,
    page,
    redirect: (_c, body) => back('capacity', body.date),
    save: async (_c, body) => {
      await setSlotCapacity(db, { date: body.date, window: body.window }, body.capacity);
      return { date: body.date, window: body.window, capacity: body.capacity };
    },
  });

  // The day's capacity, both windows in one form.
  workbenchEndpoint(api, {
    path: INSPECTIONS_API.dayCapacity,
    schema: z.object({ date, morning: capacity, afternoon: capacity }),
    form: (values) => `day-capacity-${values.date}`,
    page,
    redirect: (_c, body) => back('day-capacity', body.date),
    save: async (_c, body) => {
      for (const window of WINDOW_IDS) await setSlotCapacity(db, { date: body.date, window }, body[window]);
      return { date: body.date, morning: body.morning, afternoon: body.afternoon };
    },
  });
}

/** Dates the office does not book (tomorrow to the booking horizon), and taking a block back. */
function blockedDateRoutes({ api, deps: { built, db }, page, back }: Screen): void {
  workbenchEndpoint(api, {
    path: INSPECTIONS_API.block,
    schema: z.object({ date, reason: z.string().trim().max(200, 'Keep the reason under 200 characters.').default('') }),
    form: () => 'block',
    page,
    redirect: (_c, body) => back('block', body.date),
    save: async (c, body) => {
      const today = officeToday(new Date(), built.site.facts.timeZone);
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
    redirect: (_c, body) => back('unblock', body.date),
    save: async (_c, body) => ({ date: body.date, blocked: false, changed: await unblockDate(db, body.date) }),
  });
}

/** Each admin's private calendar subscription: the feed itself, a new address, and revoking it. */
function calendarFeedRoutes({ api, deps: { built, db }, page, back }: Screen): void {
  // The subscription itself: no session (a calendar app has none), the token in the address is the key.
  api.get(`${CALENDAR_FEED_PREFIX}:file`, async (c) => {
    const file = c.req.param('file');
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!(await feedTokenValid(db, token))) return c.text('No such calendar.', 404, { 'cache-control': 'no-store' });
    const today = officeToday(new Date(), built.site.facts.timeZone);
    const bookings = await bookingsBetween(db, today, addDays(today, BOOKING_HORIZON_DAYS));
    const body = bookingsFeed(bookings, new URL(c.req.url).host, {
      name: built.site.facts.name,
      timeZone: built.site.facts.timeZone,
    });
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    });
  });

  // A new private address (the old one stops at once), shown once by the page that answers.
  workbenchEndpoint(api, {
    path: INSPECTIONS_API.feed,
    schema: z.object({}),
    form: () => 'calendar-feed',
    page,
    redirect: () => back('feed'),
    respond: (c, _body, result) =>
      page(c, { saved: 'feed', feed: { since: officeTime(built, new Date()), address: String(result.address) } }),
    save: async (c) => {
      const token = await replaceFeedToken(db, actorOf(c).id);
      // The site's own https address when the admin uses it, else the one in use (a test server, a preview).
      const here = new URL(c.req.url);
      const site = new URL(built.site.facts.url);
      const origin = site.host === here.host ? site.origin : here.origin;
      return { address: `${origin}${CALENDAR_FEED_PREFIX}${token}.ics` };
    },
  });

  workbenchEndpoint(api, {
    path: INSPECTIONS_API.feedRevoke,
    schema: z.object({}),
    form: () => 'calendar-feed-revoke',
    page,
    redirect: () => back('feed-revoke'),
    save: async (c) => ({ revoked: await revokeFeedToken(db, actorOf(c).id) }),
  });
}

export function inspectionsAdmin(deps: AdminPageDeps): AdminTopic {
  const page = inspectionsPage(deps);
  const screen: Screen = {
    api: new Hono<{ Variables: AdminVariables }>(),
    deps,
    page,
    back: (saved, day) => `${deps.built.site.pages['admin-inspections']}?saved=${saved}${day ? `&day=${day}#day` : ''}`,
  };
  capacityRoutes(screen);
  blockedDateRoutes(screen);
  calendarFeedRoutes(screen);
  return { api: screen.api, pages: { 'admin-inspections': (c) => page(c, savedOf(c)) } };
}
