/**
 * A lead's detail page as words: what the visitor gave, its history, its notes and
 * how each notification fared, in the office's time zone.
 */
import { BOOKING_LABELS, BOOKING_STATUSES, LEAD_STATUSES, STATUS_LABELS } from '../../../lib/admin-leads.ts';
import {
  resendAction,
  reviewAction,
  type EventView,
  type LeadDetailView,
  type NotificationView,
  type ReviewView,
} from './view.ts';
import { smsHref } from '../../../lib/site-facts.ts';
import { firstTouchOf, type LeadEvent, type NotificationState } from '../../leads/admin-store.ts';
import { leadDetails } from '../../leads/notification-content.ts';
import type { LeadRecord } from '../../leads/store.ts';
import type { AdminBuilt } from '../core/deps.ts';
import { leadRow, officeTime } from '../core/format.ts';

const CHANNEL_LABELS: Record<string, string> = {
  email: 'Email to the office',
  webhook: 'CRM webhook',
  push: 'Notification on the admins’ phones',
};

export const STATE_TEXT: Record<NotificationState['state'], string> = {
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
    case 'review':
      return `Asked for a Google review by ${event.to === 'email' ? 'email' : 'text'}`;
    case 'call':
      return 'Tapped Call';
    case 'text':
      return 'Tapped Text';
    case 'resend':
      return `${CHANNEL_LABELS[event.to ?? ''] ?? event.to} sent again (it was ${event.from})`;
  }
}

const ATTRIBUTION = 'Where they came from';

function eventView(built: AdminBuilt, event: LeadEvent): EventView {
  return {
    id: event.id,
    kind: event.kind,
    text: eventText(event),
    body: event.body,
    who: event.actor ? `@${event.actor}` : 'the system',
    when: officeTime(built, event.at)!,
    whenIso: event.at.toISOString(),
  };
}

function notificationView(built: AdminBuilt, reference: string, n: NotificationState): NotificationView {
  return {
    channel: n.channel,
    channelLabel: CHANNEL_LABELS[n.channel] ?? n.channel,
    state: n.state,
    stateText: STATE_TEXT[n.state],
    attempts: n.attempts,
    problem: n.lastError ? deliveryProblem(n.channel, n.lastError) : null,
    lastError: n.lastError,
    lastAttempt: officeTime(built, n.lastAttemptAt),
    nextAttempt: n.state === 'sent' ? null : officeTime(built, n.nextAttemptAt),
    resendAction: resendAction(reference, n.channel),
    canResend: n.state !== 'sending',
  };
}

/** Google's maps address for a search, which a phone opens in its maps app (docs: developers.google.com/maps/documentation/urls). */
export function mapsHref(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

/**
 * The ways to reach the visitor from the page: a text message only when they agreed to
 * receive texts (otherwise the reason), an email when they gave one, and the address on a map.
 */
function contactLinks(
  lead: LeadRecord,
  name: string,
): Pick<LeadDetailView, 'smsHref' | 'noTextReason' | 'mailHref' | 'mapHref' | 'mapText'> {
  const place = lead.streetAddress ? `${lead.streetAddress}, ${lead.zip}` : null;
  return {
    smsHref: lead.smsConsent
      ? smsHref(lead.phone, `Hello ${lead.name}, this is ${name} about your request ${lead.reference}.`)
      : null,
    noTextReason: lead.smsConsent ? null : 'No text: they did not agree to receive text messages. Call or email instead.',
    mapHref: place ? mapsHref(place) : null,
    mapText: place,
    mailHref: lead.email
      ? `mailto:${encodeURIComponent(lead.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Your request ${lead.reference}`)}`
      : null,
  };
}

/** Google's page where a customer writes a review of the business (developers.google.com/my-business/content/review-data). */
export function writeReviewHref(placeId: string): string {
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
}

/** The one message every customer gets: the same words whatever the job was like (no filtering on how happy they seem). */
export function reviewMessage(lead: Pick<LeadRecord, 'name'>, business: string, link: string): string {
  const first = lead.name.split(/\s+/)[0] ?? lead.name;
  return `Hello ${first}, thank you for choosing ${business}. Would you take a minute to review us on Google? ${link}`;
}

function reviewView(built: AdminBuilt, lead: LeadRecord, events: LeadEvent[], placeId: string | null): ReviewView | null {
  const askedEvent = events.find((e) => e.kind === 'review');
  if (lead.status !== 'won' && !askedEvent) return null;
  const link = placeId ? writeReviewHref(placeId) : null;
  const message = link ? reviewMessage(lead, built.site.facts.name, link) : '';
  const notes: string[] = [];
  if (!link)
    notes.push(
      'The review link needs the business’s Google Place ID, which is not set up yet. Add it under Settings, “Google reviews”.',
    );
  if (link && !lead.smsConsent) notes.push('No text: they did not agree to receive text messages.');
  if (link && !lead.email) notes.push('No email: they gave no email address.');
  return {
    action: reviewAction(lead.reference),
    link,
    textHref: link && lead.smsConsent ? smsHref(lead.phone, message) : null,
    mailHref:
      link && lead.email
        ? `mailto:${encodeURIComponent(lead.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Thank you from ${built.site.facts.name}`)}&body=${encodeURIComponent(message)}`
        : null,
    notes,
    asked: askedEvent
      ? {
          channel: askedEvent.to === 'email' ? 'email' : 'text',
          who: askedEvent.actor ? `@${askedEvent.actor}` : 'someone',
          when: officeTime(built, askedEvent.at)!,
        }
      : null,
  };
}

/** Everything the lead's page shows, from the stored lead, its events and its notifications. */
export function leadDetailView(
  built: AdminBuilt,
  lead: LeadRecord,
  events: LeadEvent[],
  notifications: NotificationState[],
  placeId: string | null = null,
): LeadDetailView {
  const facts = built.site.facts;
  const sections = leadDetails(lead, facts);
  return {
    lead: { ...leadRow(built, { ...lead, firstTouchAt: firstTouchOf(events) }), message: lead.message },
    fields: sections.filter((s) => s.title !== ATTRIBUTION).flatMap((s) => s.rows),
    attribution: sections.find((s) => s.title === ATTRIBUTION)?.rows ?? [],
    areaText:
      lead.distanceMiles === null
        ? `ZIP ${lead.zip} is not in the ZIP data.`
        : `${lead.distanceMiles} miles${lead.outsideServiceArea ? `: outside the ${facts.radiusMiles}-mile service area` : ''}`,
    ...contactLinks(lead, facts.name),
    statusOptions: LEAD_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    review: reviewView(built, lead, events, placeId),
    booking: lead.bookingStatus
      ? { status: lead.bookingStatus, options: BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_LABELS[value] })) }
      : null,
    history: events.filter((e) => e.kind !== 'note').map((e) => eventView(built, e)),
    notes: events.filter((e) => e.kind === 'note').map((e) => eventView(built, e)),
    notifications: notifications.map((n) => notificationView(built, lead.reference, n)),
    backHref: built.site.pages['admin-leads'],
  };
}
