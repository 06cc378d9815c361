/**
 * /admin/leads, /admin/lead?ref=… and their APIs (issue 10 "/admin/leads"): the
 * filtered list, the export, a lead's detail, status and booking changes, notes
 * and resends. The guard has run for every route here.
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  BOOKING_LABELS,
  BOOKING_STATUSES,
  isFiltered,
  LEAD_STATUSES,
  leadFiltersQuery,
  parseLeadFilters,
  STATUS_LABELS,
  type LeadFilters,
} from '../../../lib/admin-leads.ts';
import {
  LATEST_LEAD_PATH,
  LEADS_EXPORT_PATH,
  resendAction,
  type EventView,
  type LeadDetailView,
  type NotificationView,
} from '../../../lib/admin-view.ts';
import { officeToday } from '../../../lib/lead-schema.ts';
import { smsHref } from '../../../lib/site-facts.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { smtpConfig } from '../../leads/config.ts';
import { csvHeader, csvRows } from '../../leads/csv.ts';
import {
  addLeadNote,
  findLeadByReference,
  latestLeadId,
  leadEvents,
  leadNotifications,
  leadsForExport,
  listLeads,
  resendNotification,
  setBookingStatus,
  setLeadStatus,
  type LeadEvent,
  type NotificationState,
} from '../../leads/admin-store.ts';
import { leadDetails } from '../../leads/notification-content.ts';
import { wakeOutbox } from '../../leads/outbox.ts';
import { leadHref, leadRow, officeTime } from '../format.ts';
import { workbenchPage, type AdminPageDeps } from '../pages.ts';
import {
  actorOf,
  Refusal,
  savedOf,
  workbenchEndpoint,
  type AdminContext,
  type AdminTopic,
  type PageWithState,
} from '../workbench.ts';
import LeadDetail from '../lead/LeadDetail.tsx';
import LeadsPanel from './LeadsPanel.tsx';

const CHANNEL_LABELS: Record<string, string> = { email: 'Email to the office', webhook: 'CRM webhook' };

const STATE_TEXT: Record<NotificationState['state'], string> = {
  pending: 'Waiting to be sent.',
  sending: 'Being sent now.',
  failed: 'Failed.',
  sent: 'Sent.',
};

/**
 * A failed delivery's error (a mail server's or the CRM's, such as "connect
 * ECONNREFUSED 127.0.0.1:587" or "webhook answered 502") in words the owner can act on.
 */
export function deliveryProblem(channel: string, error: string): string {
  const [what, where] = channel === 'email' ? ['The email', 'the mail server'] : ['The message to the CRM', 'the CRM'];
  if (
    /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|connection refused|timed? ?out|socket hang up/i.test(
      error,
    )
  )
    return `${what} could not be sent: ${where} did not answer.`;
  if (/EAUTH|\b535\b|authenticat|invalid login|username and password/i.test(error))
    return `${what} could not be sent: ${where} refused the server's sign-in, so ${channel === 'email' ? "the email account's" : 'its'} settings need checking.`;
  const status = /answered (\d{3})/.exec(error);
  if (status) return `${what} could not be sent: ${where} answered with an error (${status[1]}).`;
  return `${what} could not be sent.`;
}

/** Why a notification is not delivered yet, in words. */
export function unsentReason(n: Pick<NotificationState, 'channel' | 'state' | 'lastError'>, smtpSet: boolean): string {
  if (n.lastError) return deliveryProblem(n.channel, n.lastError);
  if (n.channel === 'email' && !smtpSet) return 'Email is not set up on the server, so the email waits until it is.';
  return n.state === 'sending' ? 'Being sent now.' : 'Not tried yet.';
}

function eventText(event: LeadEvent): string {
  const label = (value: string | null) =>
    value === null
      ? '(none)'
      : ((STATUS_LABELS as Record<string, string>)[value] ?? (BOOKING_LABELS as Record<string, string>)[value] ?? value);
  switch (event.kind) {
    case 'status':
      return `Status ${label(event.from)} → ${label(event.to)}`;
    case 'booking':
      return `Booking ${label(event.from)} → ${label(event.to)}`;
    case 'note':
      return 'Note';
    case 'resend':
      return `${CHANNEL_LABELS[event.to ?? ''] ?? event.to} sent again (it was ${event.from})`;
  }
}

export function leadsAdmin(deps: AdminPageDeps): AdminTopic {
  const api = new Hono<{ Variables: AdminVariables }>();
  const { store, db, env } = deps;
  const timeZone = () => store.site.facts.timeZone;
  const smtpSet = smtpConfig(env) !== null;

  const filtersOf = (c: AdminContext): LeadFilters => parseLeadFilters(new URL(c.req.url).searchParams);

  /** GET /admin/leads */
  const listPage = async (c: AdminContext) => {
    const filters = filtersOf(c);
    const result = await listLeads(db, filters, timeZone());
    const path = store.site.pages['admin-leads'];
    const at = (page: number) => `${path}${leadFiltersQuery(filters, { page })}`;
    // A page past the end (a bookmark, or Back after leads moved out of the filter) goes to the last page,
    // never to an empty list that reads as if no lead matched.
    if (result.total > 0 && filters.page > result.pages) return c.redirect(at(result.pages), 303);
    return workbenchPage(c, store, 'admin-leads', createElement(LeadsPanel, {
        filters: {
          status: filters.status ?? '',
          kind: filters.kind ?? '',
          from: filters.from ?? '',
          to: filters.to ?? '',
          area: filters.area ?? '',
          spam: filters.spam,
          q: filters.q,
        },
        filtered: isFiltered(filters),
        leads: result.leads.map((lead) => leadRow(store, lead)),
        total: result.total,
        page: result.page,
        pages: result.pages,
        prevHref: result.page > 1 ? at(Math.min(result.page - 1, result.pages)) : null,
        nextHref: result.page < result.pages ? at(result.page + 1) : null,
        exportHref: `${LEADS_EXPORT_PATH}${leadFiltersQuery({ ...filters, page: 1 })}`,
        clearHref: path,
        formPath: path,
      }),
    );
  };

  /** GET /admin/lead?ref=…, and the same page after a refused post (`extra.form`) or a save (`extra.saved`). */
  const detailPage: PageWithState = async (c, extra, status = 200) => {
    const reference = c.req.query('ref') ?? c.req.param('ref') ?? '';
    const leadsPath = store.site.pages['admin-leads'];
    if (reference === '') {
      return workbenchPage(c, store, 'admin-lead', `<p>Choose a lead from <a href="${leadsPath}">the leads</a>.</p>`);
    }
    const lead = await findLeadByReference(db, reference);
    if (!lead) {
      return workbenchPage(
        c,
        store,
        'admin-lead',
        `<p>No lead has the reference “${reference.replace(/[^A-Za-z0-9-]/g, '').slice(0, 20)}”. <a href="${leadsPath}">Back to the leads</a></p>`,
        { status: 404, titlePrefix: 'Not found: ' },
      );
    }
    const [events, notifications] = await Promise.all([leadEvents(db, lead.id), leadNotifications(db, lead.id)]);
    const facts = store.site.facts;
    const sections = leadDetails(lead, facts);
    const eventView = (event: LeadEvent): EventView => ({
      id: event.id,
      kind: event.kind,
      text: eventText(event),
      body: event.body,
      who: event.actor ? `@${event.actor}` : 'the system',
      when: officeTime(store, event.at)!,
      whenIso: event.at.toISOString(),
    });
    const notificationView = (n: NotificationState): NotificationView => ({
      channel: n.channel,
      channelLabel: CHANNEL_LABELS[n.channel] ?? n.channel,
      state: n.state,
      stateText: STATE_TEXT[n.state],
      attempts: n.attempts,
      problem: n.lastError ? deliveryProblem(n.channel, n.lastError) : null,
      lastError: n.lastError,
      lastAttempt: officeTime(store, n.lastAttemptAt),
      nextAttempt: n.state === 'sent' ? null : officeTime(store, n.nextAttemptAt),
      resendAction: resendAction(lead.reference, n.channel),
      canResend: n.state !== 'sending',
    });
    const row = leadRow(store, lead);
    const view: LeadDetailView = {
      lead: { ...row, message: lead.message },
      fields: sections.filter((s) => s.title !== 'Where they came from').flatMap((s) => s.rows),
      attribution: sections.find((s) => s.title === 'Where they came from')?.rows ?? [],
      areaText:
        lead.distanceMiles === null
          ? `ZIP ${lead.zip} is not in the ZIP data.`
          : `${lead.distanceMiles} miles${lead.outsideServiceArea ? `: outside the ${facts.radiusMiles}-mile service area` : ''}`,
      smsHref: smsHref(lead.phone, `Hello ${lead.name}, this is ${facts.name} about your request ${lead.reference}.`),
      mailHref: lead.email
        ? `mailto:${encodeURIComponent(lead.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Your request ${lead.reference}`)}`
        : null,
      statusOptions: LEAD_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
      booking: lead.bookingStatus
        ? { status: lead.bookingStatus, options: BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_LABELS[value] })) }
        : null,
      history: events.filter((e) => e.kind !== 'note').map(eventView),
      notes: events.filter((e) => e.kind === 'note').map(eventView),
      notifications: notifications.map(notificationView),
      backHref: store.site.pages['admin-leads'],
      ...extra,
    };
    return workbenchPage(c, store, 'admin-lead', createElement(LeadDetail, view), {
      status,
      titlePrefix: extra.form?.error ? `Not saved: ${lead.name}: ` : `${lead.name}: `,
    });
  };

  const notFound = () => new Refusal('No lead has that reference: it may have been removed.', {}, 404);
  // Someone (another tab, another person) changed it after this page was opened: say so rather than undo their change.
  // The form then carries the new value as `was` (the page shown again, or the script from the answer), so saving
  // again replaces that change on purpose.
  const movedMeanwhile = (what: string, now: string, value: string) => {
    const message = `Not saved: the ${what} was changed to “${now}” while this page was open (see the history). Save again to replace that change, or reload the page to see it first.`;
    return new Refusal(message, { status: `Now “${now}”: changed while this page was open.` }, 409, { was: value });
  };
  const detailAfter = (c: AdminContext, saved: string) =>
    `${leadHref(store, c.req.param('ref') ?? '')}&saved=${encodeURIComponent(saved)}`;
  // A form post to /api/admin/leads/:ref/… shows the lead again when refused.
  const detailFor: PageWithState = (c, extra, status) => detailPage(c, extra, status);

  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/status',
    schema: z.object({
      status: z.enum(LEAD_STATUSES, { message: 'Choose one of the statuses.' }),
      was: z.enum(LEAD_STATUSES).optional(),
    }),
    form: () => 'status',
    page: detailFor,
    redirect: (c) => `${detailAfter(c, 'status')}#status`,
    save: async (c, body) => {
      const result = await setLeadStatus(db, c.req.param('ref')!, body.status, actorOf(c), body.was);
      if (!result.ok && result.reason === 'moved') throw movedMeanwhile('status', STATUS_LABELS[result.value], result.value);
      if (!result.ok) throw notFound();
      return { changed: result.changed, status: result.value, label: STATUS_LABELS[result.value] };
    },
  });

  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/booking',
    schema: z.object({
      status: z.enum(BOOKING_STATUSES, { message: 'Choose one of the booking statuses.' }),
      was: z.enum(BOOKING_STATUSES).optional(),
    }),
    form: () => 'booking',
    page: detailFor,
    redirect: (c) => `${detailAfter(c, 'booking')}#status`,
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

  workbenchEndpoint(api, {
    path: '/api/admin/leads/:ref/notes',
    schema: z.object({
      body: z
        .string()
        .transform((text) => text.trim())
        .pipe(z.string().min(1, 'Write the note first.').max(4000, 'A note is at most 4,000 characters; split it in two.')),
    }),
    form: () => 'note',
    page: detailFor,
    redirect: (c) => `${detailAfter(c, 'note')}#notes`,
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
    page: detailFor,
    redirect: (c) => `${detailAfter(c, `resend-${c.req.param('channel')}`)}#delivery`,
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
      return {
        notification: { ...n, reason: unsentReason(n, smtpSet), stateText: STATE_TEXT[n.state] },
      };
    },
  });

  // The export of the filtered set, streamed in batches: 100,000 leads never sit in memory.
  api.get(LEADS_EXPORT_PATH, (c) => {
    const filters = filtersOf(c);
    const zone = timeZone();
    const encoder = new TextEncoder();
    const batches = leadsForExport(db, filters, zone);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // A byte-order mark, so spreadsheets read the names' accents as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
      },
      async pull(controller) {
        try {
          const next = await batches.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(csvRows(next.value, zone)));
        } catch (error) {
          console.error('The leads export failed:', error instanceof Error ? error.message : error);
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    // The office's date: in the evening in Savannah, UTC is already tomorrow.
    const day = officeToday(new Date(), zone);
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="leads-${day}.csv"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });

  api.get(LATEST_LEAD_PATH, async (c) => c.json({ ok: true, latestId: await latestLeadId(db) }));

  return { api, pages: { 'admin-leads': listPage, 'admin-lead': (c) => detailPage(c, savedOf(c)) } };
}
