/**
 * What the server hands the admin's React (the views in server/admin/, rendered
 * per request) and the admin's browser code: plain JSON shapes, and the API
 * paths the forms post to.
 */

import type { WeekdayCapacity } from './slot-offers.ts';

export type AdminRole = 'admin' | 'super_admin';

/** A role as the admin names it to people: plain words, the stored values unchanged. */
export const ROLE_LABELS: Record<AdminRole, string> = { admin: 'Office staff', super_admin: 'Owner (full access)' };

export const SIGN_IN_PATH = '/api/auth/github/start';
export const SIGN_OUT_PATH = '/api/auth/sign-out';

/** The settings forms, each posting to `/api/admin/settings/<form>`. */
export const SETTINGS_FORMS = ['tag-manager', 'seo-pixel', 'site-notice', 'script-hosts', 'google-place'] as const;
export type SettingsForm = (typeof SETTINGS_FORMS)[number];

export function settingsAction(form: SettingsForm): string {
  return `/api/admin/settings/${form}`;
}

/** What each form says once saved (the server's page after a plain post, and the admin script after a fetch). */
export const SAVED_MESSAGES: Record<SettingsForm, string> = {
  'tag-manager': 'Saved. Every public page carries it from its next load.',
  'seo-pixel': 'Saved. Every public page carries it from its next load.',
  'site-notice': 'Saved. Every public page shows it from its next load.',
  'script-hosts': 'Saved. The list applies from the next page load.',
  'google-place': 'Saved. Reviews come from this place within a few minutes, and the review links use it at once.',
};

/** Cleans a pixel snippet without saving it, so the owner sees what would be injected. */
export const PIXEL_PREVIEW_PATH = '/api/admin/settings/seo-pixel/preview';

export interface AdminUserView {
  login: string;
  name: string | null;
  /** Only an https URL; shown as the account picture. */
  avatarUrl: string | null;
  role: AdminRole;
}

export interface NoticeView {
  text: string;
  link: string | null;
  /** ISO instant. */
  expiresAt: string;
  /** The expiry as the office reads it, and as a `datetime-local` value. */
  expiresText: string;
  expiresLocal: string;
  showing: boolean;
}

export interface AuditView {
  id: number;
  when: string;
  who: string;
  setting: string;
  before: string;
  after: string;
}

/** One form after a post that did not save: what was typed stays, with the problems. */
export interface FormState {
  /** The form's `data-admin-form` name (a SettingsForm on the settings page). */
  form: string;
  values: Record<string, string>;
  error?: string;
  fields?: Record<string, string>;
  /** The pixel as the server cleaned it (a preview, or the result of a save). */
  preview?: { html: string; changed: boolean };
}

export interface SettingsPageView {
  user: AdminUserView;
  containerId: string | null;
  pixel: { enabled: boolean; snippet: string; injected: string };
  notice: NoticeView | null;
  scriptHosts: string[];
  /** The Place ID saved here; `placeIdFromEnv` the server's own, used while none is saved. */
  placeId: string | null;
  placeIdFromEnv: string | null;
  /** Whether the server has the Google key that fetching reviews needs (set by the developer). */
  placesKeySet: boolean;
  /** Hosts the pixel's scripts may come from (the allow-list). */
  pixelHosts: string[];
  audit: AuditView[];
  timeZone: string;
  /** Each form's setting revision as this page was served (server/settings/store.ts). */
  revisions: Record<SettingsForm, string>;
  /** The form whose save just succeeded (after a post without JavaScript). */
  saved?: SettingsForm;
  form?: FormState;
}

export interface DashboardView {
  user: AdminUserView;
  settingsPath: string;
  leadsPath: string;
  inspectionsPath: string;
  errorsPath: string;
  containerId: string | null;
  pixelOn: boolean;
  notice: NoticeView | null;
  leads: {
    last7: number;
    last30: number;
    newest: LeadRowView[];
    latestId: number;
    /** Today's median time to first touch in words, or that no lead of today was touched yet. */
    firstTouchText: string;
  };
  upcoming: LeadRowView[];
  notifications: UnsentView[];
  reports: ReportView[];
  /** The pages worth a look (slow first, then the most visited); how many more were measured, and how many of those are slow. */
  vitals: { shown: VitalsRowView[]; more: number; moreSlow: number };
  health: { smtp: boolean; placeholders: { field: string; value: string; why: string }[] };
  /** How often the page asks whether a new lead arrived. */
  pollMs: number;
  /** Super admins only: accounts locked out by wrong codes in the last day. */
  signInNotices?: { id: number; login: string; when: string }[];
  usersPath?: string;
}

/** The dashboard's question every few seconds: the newest lead's id (GET, guarded). */
export const LATEST_LEAD_PATH = '/api/admin/leads/latest';
export const LEADS_EXPORT_PATH = '/api/admin/leads/export.csv';

export type LeadAction = 'status' | 'booking' | 'notes';

export function leadAction(reference: string, action: LeadAction): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/${action}`;
}

/** Where a tap on a lead's Call or Text link is logged (the browser sends it; the link opens the phone app). */
export function contactAction(reference: string): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/contact`;
}

export function reviewAction(reference: string): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/review`;
}

export function resendAction(reference: string, channel: string): string {
  return `/api/admin/leads/${encodeURIComponent(reference)}/notifications/${encodeURIComponent(channel)}/resend`;
}

export const INSPECTIONS_API = {
  capacity: '/api/admin/inspections/capacity',
  defaultCapacity: '/api/admin/inspections/default-capacity',
  weekdayCapacity: '/api/admin/inspections/weekday-capacity',
  dayCapacity: '/api/admin/inspections/day-capacity',
  feed: '/api/admin/inspections/calendar-feed',
  feedRevoke: '/api/admin/inspections/calendar-feed/revoke',
  block: '/api/admin/inspections/block',
  unblock: '/api/admin/inspections/unblock',
} as const;

export const ERRORS_API = { resolve: '/api/admin/errors/resolve' } as const;

export const USERS_API = {
  grant: '/api/admin/users/grant',
  revoke: '/api/admin/users/revoke',
  policy: '/api/admin/users/require-second-factor',
  removeFactor: '/api/admin/users/remove-factor',
  invite: '/api/admin/users/invite',
  removePasskey: '/api/admin/users/remove-passkey',
} as const;

/** Passkey sign-in and invitations: open APIs (no session yet), same-origin JSON only. */
export const PASSKEY_API = {
  signInOptions: '/api/auth/passkey/sign-in/options',
  signIn: '/api/auth/passkey/sign-in',
  invitationOptions: '/api/auth/passkey/invitation/options',
  invitation: '/api/auth/passkey/invitation',
} as const;

/** This person's devices that get push notifications (guarded). */
export const PUSH_API = {
  subscribe: '/api/admin/push/subscribe',
  unsubscribe: '/api/admin/push/unsubscribe',
} as const;

/** Where the admin's worker lives (at the root, so it may take the /admin scope) and its scope. */
export const ADMIN_WORKER = { script: '/admin-sw.js', scope: '/admin' } as const;

export interface NotificationsPageView {
  /** The VAPID public key the browser subscribes with. */
  publicKey: string;
  devices: { id: number; deviceName: string; created: string; lastSent: string }[];
  api: typeof PUSH_API;
  worker: typeof ADMIN_WORKER;
  form?: FormState;
  saved?: string;
}

/** A signed-in user's own passkeys (guarded). */
export const OWN_PASSKEY_API = {
  options: '/api/admin/passkeys/options',
  add: '/api/admin/passkeys/add',
} as const;

/** The second factor's APIs; the first three also serve a session that still owes its code. */
export const SECOND_FACTOR_API = {
  challenge: '/api/admin/second-factor/challenge',
  enrol: '/api/admin/second-factor/enrol',
  verify: '/api/admin/second-factor/verify',
  remove: '/api/admin/second-factor/remove',
  /** The second factor given with one of the user's passkeys instead of a code. */
  passkeyOptions: '/api/admin/second-factor/passkey-options',
  passkey: '/api/admin/second-factor/passkey',
} as const;

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

export interface LeadsPageView {
  filters: {
    status: string;
    kind: string;
    from: string;
    to: string;
    area: string;
    spam: string;
    q: string;
  };
  filtered: boolean;
  leads: LeadRowView[];
  total: number;
  page: number;
  pages: number;
  prevHref: string | null;
  nextHref: string | null;
  exportHref: string;
  clearHref: string;
  formPath: string;
  /** How many filters are on (the "Filters" button says so). */
  filterCount: number;
  /** This list's address, where a one-tap status change made here comes back to. */
  here: string;
  /** After a status set from this list without JavaScript: what changed, and the undo. */
  saved: QuickSavedView | null;
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

export interface UnsentView {
  reference: string;
  href: string;
  name: string;
  channelLabel: string;
  state: string;
  reason: string;
  attempts: number;
  nextAttempt: string | null;
}

export interface ReportView {
  kind: string;
  message: string;
  url: string | null;
  when: string;
}

export interface VitalsRowView {
  page: string;
  lcp: string;
  inp: string;
  cls: string;
  samples: number;
}

export interface CalendarWindowView {
  id: string;
  label: string;
  hours: string;
  capacity: number;
  booked: number;
  remaining: number;
  bookings: { reference: string; href: string; name: string; bookingLabel: string }[];
}

export interface CalendarDayView {
  date: string;
  label: string;
  blocked: { reason: string | null; by: string | null } | null;
  /** No window takes a booking (its weekday is closed, or each window set to 0). */
  closed: boolean;
  windows: CalendarWindowView[];
}

export interface InspectionsPageView {
  defaultCapacity: number;
  /** Each weekday's usual number per window; null: the default above. */
  weekdayCapacity: WeekdayCapacity;
  /** The bookable days of the week shown (Sundays and today never are). */
  days: CalendarDayView[];
  /** The day opened below the week, with its bookings and its forms. */
  day: CalendarDayView | null;
  /** "Dec 3 to Dec 9", and the ways to the weeks around it. */
  weekLabel: string;
  prevWeekHref: string | null;
  nextWeekHref: string | null;
  /** A day's address in this week (it opens that day). */
  dayHrefs: Record<string, string>;
  firstDate: string;
  lastDate: string;
  form?: FormState;
  saved?: string;
  /** The office's clock when a plain post's save is shown. */
  savedAt?: string;
  /** This admin's calendar subscription: when it was made, and its address right after (shown once). */
  feed?: { since: string | null; address: string | null };
}

export interface ErrorGroupView {
  kind: string;
  key: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  resolved: { when: string; who: string } | null;
  /** What it means for the owner: what happened, whether visitors noticed, what to do. */
  summary: { what: string; visitors: string; todo: string };
  sample: { message: string | null; url: string | null; referrer: string | null; userAgent: string | null; stack: string | null };
}

export interface ErrorsPageView {
  sections: { kind: string; title: string; empty: string; groups: ErrorGroupView[] }[];
  retentionDays: number;
  saved?: string;
  form?: FormState;
}

export interface UserRowView {
  login: string;
  name: string | null;
  role: AdminRole;
  roleLabel: string;
  lastSignIn: string;
  factor: string;
  you: boolean;
  /** Invited by a link: signs in with passkeys alone. */
  passkeyOnly: boolean;
  passkeys: { id: string; deviceName: string; created: string; lastUsed: string }[];
}

export interface InvitationView {
  name: string;
  roleLabel: string;
  by: string;
  expires: string;
}

export interface UsersPageView {
  users: UserRowView[];
  invitations: InvitationView[];
  /** The link of the invitation just made, shown once, with ways to send it. */
  invited?: { name: string; link: string; sms: string; mailto: string; expires: string };
  audit: { when: string; text: string }[];
  required: boolean;
  policyText: string;
  form?: FormState;
  saved?: string;
  /** This page's address. */
  usersPath: string;
  /** Right after access was taken: who, and the role that Undo gives back. */
  undo?: { login: string; role: string; roleLabel: string } | null;
}

export interface SecondFactorPageView {
  /** What this session still owes before the admin area opens, or null. */
  step: 'challenge' | 'enrol' | null;
  status: 'none' | 'unverified' | 'verified';
  required: boolean;
  /** `uri` is the `otpauth://` address: a link opens the authenticator app on the same phone. */
  enrolment: { qrSvg: string; secret: string; uri: string } | null;
  /** The site's name, for the recovery codes' file. */
  siteName?: string;
  /** Shown once, right after the factor was verified. */
  recoveryCodes: string[] | null;
  recoveryLeft: number;
  /** This person's own passkeys, and the APIs that add one. */
  passkeys: { deviceName: string; created: string; lastUsed: string }[];
  passkeyApi: { options: string; add: string };
  next: string | null;
  form?: FormState;
  saved?: string;
}

export type LoginMessage = { kind: 'error' | 'info'; title: string; text: string };

export interface LoginView {
  /** The sign-in link, or null while GitHub sign-in is not set up on this server. */
  signInHref: string | null;
  message: LoginMessage | null;
  /** The passkey sign-in's APIs (the page's script uses them). */
  passkey: { options: string; action: string };
}

export interface MeAnswer {
  ok: true;
  user: { login: string; name: string | null; avatarUrl: string | null };
  role: AdminRole;
  session: { expiresAt: string; absoluteExpiresAt: string };
}
