/**
 * /admin/lead?ref=… and its forms: a lead's detail, status and booking changes,
 * notes and resends of its notifications. The guard has run for every route here.
 */
import { Hono } from 'hono';
import { createElement } from 'react';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { BOOKING_LABELS, BOOKING_STATUSES, LEAD_STATUSES, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import type { FormState } from '../../../lib/admin/forms.ts';
import { effectivePlaceId } from '../../../lib/google-places-config.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { smtpConfig } from '../../config/leads.ts';
import {
  addLeadNote,
  findLeadByReference,
  recordContact,
  recordReviewRequest,
  leadEvents,
  leadNotifications,
  resendNotification,
  setBookingStatus,
  setLeadStatus,
} from '../../leads/admin-store.ts';
import { wakeOutbox } from '../../leads/outbox.ts';
import { leadHref, officeClock } from '../core/format.ts';
import { workbenchPage, type AdminPageDeps } from '../core/pages.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint } from '../core/workbench.ts';
import type { AdminContext, AdminTopic, PageWithState } from '../core/workbench.ts';
import { leadDetailView, STATE_TEXT, unsentReason } from './data.ts';
import LeadDetail from './LeadDetail.tsx';

type AdminApi = Hono<{ Variables: AdminVariables }>;

/** GET /admin/lead?ref=…, and the same page after a refused post (`extra.form`) or a save (`extra.saved`). */
async function detailPage(
  { built, db, env, settings }: AdminPageDeps,
  c: AdminContext,
  extra: { form?: FormState; saved?: string },
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const reference = c.req.query('ref') ?? c.req.param('ref') ?? '';
  const leadsPath = built.site.pages['admin-leads'];
  if (reference === '') {
    return workbenchPage(c, built, 'admin-lead', `<p>Choose a lead from <a href="${leadsPath}">the leads</a>.</p>`);
  }
  const lead = await findLeadByReference(db, reference);
  if (!lead) {
    const shown = reference.replace(/[^A-Za-z0-9-]/g, '').slice(0, 20);
    return workbenchPage(
      c,
      built,
      'admin-lead',
      `<p>No lead has the reference “${shown}”. <a href="${leadsPath}">Back to the leads</a></p>`,
      { status: 404, titlePrefix: 'Not found: ' },
    );
  }
  const [events, notifications] = await Promise.all([leadEvents(db, lead.id), leadNotifications(db, lead.id)]);
  const savedAt = extra.saved ? officeClock(built, new Date()) : undefined;
  const view = {
    ...leadDetailView(built, lead, events, notifications, effectivePlaceId(env, settings.current().placeId)),
    ...extra,
    savedAt,
  };
  return workbenchPage(c, built, 'admin-lead', createElement(LeadDetail, view), {
    status,
    titlePrefix: extra.form?.error ? `Not saved: ${lead.name}: ` : `${lead.name}: `,
  });
}

const notFound = () => new Refusal('No lead has that reference: it may have been removed.', {}, 404);

// Someone (another tab, another person) changed it after this page was opened: say so rather than undo their change.
// The form then carries the new value as `was` (the page shown again, or the script from the answer), so saving
// again replaces that change on purpose.
function movedMeanwhile(what: string, now: string, value: string): Refusal {
  const message = `Not saved: the ${what} was changed to “${now}” while this page was open (see the history). Save again to replace that change, or reload the page to see it first.`;
  return new Refusal(message, { status: `Now “${now}”: changed while this page was open.` }, 409, { was: value });
}

/** The leads list's address a one-tap change came from, or null: never anywhere else (no open redirect). */
function listBack(built: AdminPageDeps['built'], back: string | undefined): string | null {
  const path = built.site.pages['admin-leads'];
  if (!back || !(back === path || back.startsWith(`${path}?`))) return null;
  // The list's own filters only: the confirmation's parameters of an earlier change are dropped.
  const url = new URL(back, 'http://list');
  for (const name of ['saved', 'lead', 'status_saved', 'was']) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

function detailAfter(built: AdminPageDeps['built'], c: AdminContext, saved: string): string {
  return `${leadHref(built, c.req.param('ref') ?? '')}&saved=${encodeURIComponent(saved)}`;
}

/** POST /api/admin/leads/:ref/status and …/booking. */
function statusForms(api: AdminApi, { built, db }: AdminPageDeps, page: PageWithState): void {
  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/status',
    schema: z.object({
      status: z.enum(LEAD_STATUSES, { message: 'Choose one of the statuses.' }),
      was: z.enum(LEAD_STATUSES).optional(),
      // A one-tap change from the list comes back to the list, with its filters.
      back: z.string().max(1000).optional(),
    }),
    form: () => 'status',
    page,
    redirect: (c, body) => {
      const list = listBack(built, body.back);
      if (!list) return `${detailAfter(built, c, 'status')}#status`;
      const reference = c.req.param('ref') ?? '';
      const query = new URLSearchParams({ saved: 'status', lead: reference, status_saved: body.status, was: body.was ?? '' });
      return `${list}${list.includes('?') ? '&' : '?'}${query}#lead-${encodeURIComponent(reference)}`;
    },
    save: async (c, body) => {
      const result = await setLeadStatus(db, c.req.param('ref')!, body.status, actorOf(c), body.was);
      if (!result.ok && result.reason === 'moved') throw movedMeanwhile('status', STATUS_LABELS[result.value], result.value);
      if (!result.ok) throw notFound();
      return {
        changed: result.changed,
        status: result.value,
        label: STATUS_LABELS[result.value],
        savedAt: officeClock(built, new Date()),
      };
    },
  });
  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/booking',
    schema: z.object({
      status: z.enum(BOOKING_STATUSES, { message: 'Choose one of the booking statuses.' }),
      was: z.enum(BOOKING_STATUSES).optional(),
    }),
    form: () => 'booking',
    page,
    redirect: (c) => `${detailAfter(built, c, 'booking')}#status`,
    save: async (c, body) => {
      const result = await setBookingStatus(db, c.req.param('ref')!, body.status, actorOf(c), body.was);
      if (!result.ok && result.reason === 'moved')
        throw movedMeanwhile('booking status', BOOKING_LABELS[result.value], result.value);
      if (!result.ok && result.reason === 'not-inspection')
        throw new Refusal('This lead is a consultation: it has no booking.', {}, 409);
      if (!result.ok) throw notFound();
      return { changed: result.changed, status: result.value, label: BOOKING_LABELS[result.value] };
    },
  });
}

/** POST /api/admin/leads/:ref/notes and …/notifications/:channel/resend. */
function noteForms(api: AdminApi, { built, db, env }: AdminPageDeps, page: PageWithState): void {
  const smtpSet = smtpConfig(env) !== null;
  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/notes',
    schema: z.object({
      body: z
        .string()
        .transform((text) => text.trim())
        .pipe(z.string().min(1, 'Write the note first.').max(4000, 'A note is at most 4,000 characters; split it in two.')),
    }),
    form: () => 'note',
    page,
    redirect: (c) => `${detailAfter(built, c, 'note')}#notes`,
    save: async (c, body) => {
      const result = await addLeadNote(db, c.req.param('ref')!, body.body, actorOf(c));
      if (!result.ok) throw notFound();
      return { changed: true };
    },
  });
  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/notifications/:channel/resend',
    schema: z.object({}),
    form: () => 'resend',
    page,
    redirect: (c) => `${detailAfter(built, c, `resend-${c.req.param('channel')}`)}#delivery`,
    save: async (c) => {
      const channel = c.req.param('channel');
      if (channel !== 'email' && channel !== 'webhook') throw new Refusal('There is no such notification channel.', {}, 404);
      const result = await resendNotification(db, c.req.param('ref')!, channel, actorOf(c));
      if (!result.ok) {
        if (result.reason === 'in-flight') throw new Refusal('It is being sent right now; look again in a minute.', {}, 409);
        if (result.reason === 'no-channel') throw new Refusal('This lead has no notification on that channel.', {}, 404);
        throw notFound();
      }
      wakeOutbox();
      const n = result.notification;
      return { notification: { ...n, reason: unsentReason(n, smtpSet), stateText: STATE_TEXT[n.state] } };
    },
  });
}

/**
 * POST /api/admin/leads/:ref/review: logs that the customer is asked for a Google review (by
 * text or email), once a lead; a second request is refused. The page then opens the message.
 */
function reviewForm(api: AdminApi, { built, db, env, settings }: AdminPageDeps, page: PageWithState): void {
  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/review',
    schema: z.object({ channel: z.enum(['text', 'email'], { message: 'Choose a text or an email.' }) }),
    form: () => 'review',
    page,
    redirect: (c) => `${detailAfter(built, c, 'review')}#review`,
    save: async (c, body) => {
      if (!effectivePlaceId(env, settings.current().placeId))
        throw new Refusal('The review link needs the business’s Google Place ID, which is not set up yet.', {}, 409);
      const result = await recordReviewRequest(db, c.req.param('ref')!, body.channel, actorOf(c));
      if (!result.ok && result.reason === 'already')
        throw new Refusal('Not sent: this customer was already asked for a review.', {}, 409);
      if (!result.ok && result.reason === 'not-won')
        throw new Refusal('Not sent: ask for a review once the job is marked Won.', {}, 409);
      if (!result.ok) throw notFound();
      // The script follows it too: the page that answers opens the message to send.
      return { channel: body.channel, redirect: `${detailAfter(built, c, 'review')}#review` };
    },
  });
}

/**
 * POST /api/admin/leads/:ref/contact: logs a tap on the lead's Call or Text link (the browser
 * sends it as the phone app opens; without JavaScript the link still works, unlogged).
 */
function contactLog(api: AdminApi, { built, db }: AdminPageDeps, page: PageWithState): void {
  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/contact',
    schema: z.object({ channel: z.enum(['call', 'text'], { message: 'Choose a call or a text.' }) }),
    form: () => 'contact',
    page,
    redirect: (c) => detailAfter(built, c, 'contact'),
    save: async (c, body) => {
      const result = await recordContact(db, c.req.param('ref')!, body.channel, actorOf(c));
      if (!result.ok) throw notFound();
      return { channel: result.value };
    },
  });
}

/** The lead's page and its forms; a refused form post shows the lead again. */
export function leadAdmin(deps: AdminPageDeps): AdminTopic {
  const api: AdminApi = new Hono();
  const page: PageWithState = (c, extra, status) => detailPage(deps, c, extra, status);
  statusForms(api, deps, page);
  noteForms(api, deps, page);
  reviewForm(api, deps, page);
  contactLog(api, deps, page);
  return { api, pages: { 'admin-lead': (c) => page(c, savedOf(c)) } };
}
