/** What the views shared by several screens draw: the signed-in person, and one lead in a list or a card. */
import type { AdminRole } from '../../../lib/admin/sign-in.ts';

export interface AdminUserView {
  login: string;
  name: string | null;
  /** Only an https URL; shown as the account picture. */
  avatarUrl: string | null;
  role: AdminRole;
}

export type LeadAction = 'status' | 'booking' | 'notes';

export function leadAction(reference: string, action: LeadAction): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/${action}`;
}

/** Where a tap on a lead's Call or Text link is logged (the browser sends it; the link opens the phone app). */
export function contactAction(reference: string): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/contact`;
}

/** One lead in a list or a card: everything already in words. */
export interface LeadRowView {
  /** How long it waited for someone to reach out ("Waiting 12 min"), when read; `waiting` while nobody has. */
  touch: { text: string; waiting: boolean } | null;
  reference: string;
  href: string;
  name: string;
  kind: string;
  status: string;
  statusLabel: string;
  received: string;
  receivedIso: string;
  phone: string;
  phoneHref: string;
  email: string | null;
  zip: string;
  outside: boolean;
  /** `12 mi` or null when the ZIP is unknown. */
  distance: string | null;
  service: string | null;
  /** An inspection's date and window in words, and its booking status. */
  visit: string | null;
  bookingLabel: string | null;
}

/** A status set with one tap: "Saved at 4:05 pm: … is now Contacted", with the way back. */
export interface QuickSavedView {
  reference: string;
  name: string;
  at: string;
  label: string;
  status: string;
  /** The status before, which Undo sets again; null when nothing changed. */
  was: string | null;
  wasLabel: string | null;
}
