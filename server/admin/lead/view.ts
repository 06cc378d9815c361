/** What one lead's page draws, and where its review request and resends post. */
import type { FormState } from '../../../lib/admin/forms.ts';
import type { LeadRowView } from '../ui/view.ts';

export function reviewAction(reference: string): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/review`;
}

export function resendAction(reference: string, channel: string): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/notifications/${encodeURIComponent(channel)}/resend`;
}

export interface EventView {
  id: number;
  kind: 'status' | 'booking' | 'note' | 'resend' | 'review' | 'call' | 'text';
  text: string;
  body: string | null;
  who: string;
  when: string;
  whenIso: string;
}

export interface NotificationView {
  channel: string;
  channelLabel: string;
  state: string;
  stateText: string;
  attempts: number;
  /** What went wrong with the last try, in plain words; null when nothing did. */
  problem: string | null;
  /** The error as the mail server or CRM gave it, for whoever runs the server. */
  lastError: string | null;
  lastAttempt: string | null;
  nextAttempt: string | null;
  resendAction: string;
  canResend: boolean;
}

export interface LeadDetailView {
  lead: LeadRowView & { message: string | null };
  /** Every field the visitor gave, label and value. */
  fields: { label: string; value: string }[];
  attribution: { label: string; value: string }[];
  areaText: string;
  /** A text message to the visitor, only when they agreed to receive texts; otherwise why not. */
  smsHref: string | null;
  noTextReason: string | null;
  mailHref: string | null;
  /** The address as a link that opens the phone's maps (an inspection's street and ZIP). */
  mapHref: string | null;
  mapText: string | null;
  statusOptions: { value: string; label: string }[];
  /** Once the lead is won: the request for a Google review, asked of every customer alike, at most once. */
  review: ReviewView | null;
  booking: { status: string; options: { value: string; label: string }[] } | null;
  history: EventView[];
  notes: EventView[];
  notifications: NotificationView[];
  form?: FormState;
  saved?: string;
  /** The office's clock when a plain post's save is shown ("4:05 PM"). */
  savedAt?: string;
  backHref: string;
}

export interface ReviewView {
  action: string;
  /** Google's write-a-review address for the business, or null when its Place ID is not set up. */
  link: string | null;
  /** The text message and the email, filled in; null when that way is not open (no consent, no address). */
  textHref: string | null;
  mailHref: string | null;
  /** Why a way is not offered, in words. */
  notes: string[];
  /** The request already made, if any: a lead is asked once. */
  asked: { channel: string; who: string; when: string } | null;
}
