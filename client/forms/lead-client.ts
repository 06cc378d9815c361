/**
 * Browser side of the lead forms, without React: reading a form, sending it,
 * the idempotency key, the analytics event and the fallback text message. A
 * lead must never be lost: every failure keeps what was typed and offers the phone.
 */
import {
  ARRIVAL_WINDOWS,
  fitSilentFields,
  formatDateShort,
  type LeadAnswer,
  type LeadKind,
  type WindowId,
} from '../../lib/lead-schema.ts';
import type { SlotOffer } from '../../lib/form-props.ts';
import { hashedUserData, leadValue } from '../../lib/data-layer.ts';
import { captureAttribution } from '../behaviours/attribution.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';

export type SendResult =
  | { type: 'ok'; data: LeadAnswer }
  | { type: 'invalid'; error: string; fields: Record<string, string> }
  | { type: 'full'; error: string; fields: Record<string, string>; alternatives: SlotOffer[] }
  | { type: 'refused'; error: string }
  | { type: 'failed'; error: string };

const SEND_TIMEOUT_MS = 20_000;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A fresh idempotency key: one per submission, reused only when the same values are sent again. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}

/** A send that may have reached the server: its key and silent fields, and a digest of what was typed (never the values). */
export interface PendingSend {
  digest: string;
  key: string;
  silent: Record<string, string>;
}

/**
 * SHA-256 of a submission signature, so the tab's storage never holds a visitor's
 * name, phone or address; null where Web Crypto is missing (a page not served over https).
 */
export async function signatureDigest(signature: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(signature))));
}

function readPending(): Partial<Record<LeadKind, PendingSend>> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEYS.pendingLeads) ?? '{}') as Partial<Record<LeadKind, PendingSend>>;
  } catch {
    return {};
  }
}

/**
 * The send of these very values (by `digest`) that got no answer earlier in this tab,
 * even before a reload: the server may have stored it, so a retry must carry its key
 * (a double submit must stay one lead).
 */
export function pendingSend(kind: LeadKind, digest: string | null): PendingSend | null {
  const pending = readPending()[kind];
  return digest && pending?.digest === digest ? pending : null;
}

/** Remembers a send until the server answers it (`pending` null forgets it). Storage failures are ignored. */
export function rememberPendingSend(kind: LeadKind, pending: PendingSend | null): void {
  try {
    const all = readPending();
    if (pending) all[kind] = pending;
    else delete all[kind];
    if (Object.keys(all).length) sessionStorage.setItem(STORAGE_KEYS.pendingLeads, JSON.stringify(all));
    else sessionStorage.removeItem(STORAGE_KEYS.pendingLeads);
  } catch {
    // Private mode or storage full: a retry in this page still reuses the key.
  }
}

/**
 * The form's values as the schema reads them, the way a no-JavaScript post would
 * send them (FormData), plus the button that submitted it (the "book this one
 * instead" buttons carry a `slot`).
 */
export function readForm(form: HTMLFormElement, submitter?: HTMLElement | null): Record<string, string | boolean> {
  const data = new FormData(form, submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
  const values: Record<string, string | boolean> = {};
  for (const [name, value] of data) {
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** What identifies "the same submission" for the idempotency key: every typed value, none of the timing. */
export function submissionSignature(values: Record<string, unknown>): string {
  const { idempotencyKey: _key, startedAt: _start, sentAt: _sent, ...rest } = values;
  return JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((key) => [key, rest[key]]),
  );
}

export function slotLabel(date: string, window: WindowId): string {
  return `${formatDateShort(date)}, ${ARRIVAL_WINDOWS[window].label.toLowerCase()}`;
}

/**
 * The visit's source plus the page the form is on, sent silently with the lead,
 * each cut to its schema limit: an ad's long address must not make a lead too large to send.
 */
export function silentFields(): Record<string, string> {
  const fields: Record<string, string> = { pageUrl: location.href };
  for (const [key, value] of Object.entries(captureAttribution())) {
    if (typeof value === 'string' && value) fields[key] = value;
  }
  return fitSilentFields(fields);
}

async function postJson(url: string, payload: unknown): Promise<{ status: number; body: unknown } | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // A proxy's HTML error page: treated like no answer.
    }
    return { status: response.status, body };
  } catch {
    return null;
  }
}

/**
 * No answer to a report: it may have been stored before the connection dropped. A report
 * sent twice is harmless (the error log groups reports by their text), so it is asked for again.
 */
const REPORT_NO_ANSWER =
  'We did not hear back from our server, so we cannot tell whether your report arrived. Please send it again.';
/**
 * No answer to a lead: it may have been stored before the connection dropped, so saying
 * "not sent" could be false. Sending the same values again carries the same key, so a
 * lead that did arrive is not stored twice.
 */
const LEAD_NO_ANSWER =
  'We did not hear back from our server, so we cannot tell whether your request arrived. Please send it again: if it did arrive, we will not get it twice.';

/** Sends a lead to POST /api/leads and sorts the answer into what the form does next. */
export async function sendLead(payload: Record<string, unknown>): Promise<SendResult> {
  const answer = await postJson('/api/leads', payload);
  if (!answer) return { type: 'failed', error: LEAD_NO_ANSWER };
  const body = (answer.body ?? {}) as Partial<LeadAnswer> & {
    error?: string;
    fields?: Record<string, string>;
    alternatives?: SlotOffer[];
  };
  if (answer.status < 300 && body.ok === true && typeof body.redirect === 'string') {
    return { type: 'ok', data: body as LeadAnswer };
  }
  const error = typeof body.error === 'string' ? body.error : LEAD_NO_ANSWER;
  if (answer.status === 400 && body.fields) return { type: 'invalid', error, fields: body.fields };
  // A 409 without windows on offer is a key sent again with other content: its message is for the visitor, not a field.
  if (answer.status === 409 && Array.isArray(body.alternatives)) {
    return { type: 'full', error, fields: body.fields ?? {}, alternatives: body.alternatives };
  }
  if (answer.status === 409) return { type: 'refused', error };
  if (answer.status === 429) return { type: 'refused', error };
  return {
    type: 'failed',
    error: answer.status >= 500 ? 'Something went wrong on our side, so your request was not sent yet.' : error,
  };
}

/** POST /api/report-issue. */
export async function sendIssueReport(
  payload: Record<string, unknown>,
): Promise<{ type: 'ok' } | { type: 'invalid'; fields: Record<string, string> } | { type: 'failed'; error: string }> {
  const answer = await postJson('/api/report-issue', payload);
  if (!answer) return { type: 'failed', error: REPORT_NO_ANSWER };
  const body = (answer.body ?? {}) as { ok?: boolean; error?: string; fields?: Record<string, string> };
  if (answer.status < 300 && body.ok) return { type: 'ok' };
  if (answer.status === 400 && body.fields) return { type: 'invalid', fields: body.fields };
  return { type: 'failed', error: body.error ?? REPORT_NO_ANSWER };
}

type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[]; google_tag_manager?: unknown };

/** A container is set: the server injected the tag manager's script (server/settings/injection.ts). */
const containerSet = () => document.querySelector('script[data-container]') !== null;

const textOf = (values: Record<string, string | boolean>, key: string) =>
  typeof values[key] === 'string' ? (values[key] as string).trim() : '';

function estimateIn(values: Record<string, string | boolean>): { low: number | null; high: number | null } | null {
  try {
    const estimate = JSON.parse(textOf(values, 'estimate') || 'null') as { low?: unknown; high?: unknown } | null;
    if (!estimate) return null;
    const money = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
    return { low: money(estimate.low), high: money(estimate.high) };
  } catch {
    return null;
  }
}

/**
 * Pushes `generate_lead` to the data layer (docs/data-layer.md): the form, the service, the
 * ZIP and a value (the estimate's midpoint), and while a container is set the visitor's email
 * and phone hashed for enhanced conversions. Then runs `next` once the tag manager has seen
 * it (eventCallback), or at once when no tag manager is loaded, and in any case within a second.
 */
export async function pushLeadEvent(
  data: LeadAnswer,
  formId: string,
  values: Record<string, string | boolean>,
  next: () => void,
): Promise<void> {
  const w = window as DataLayerWindow;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    next();
  };
  const value = leadValue(estimateIn(values));
  const userData = containerSet()
    ? await hashedUserData({ email: textOf(values, 'email'), phone: textOf(values, 'phone') }).catch(() => null)
    : null;
  (w.dataLayer ??= []).push({
    event: 'generate_lead',
    lead_kind: data.kind,
    lead_reference: data.reference,
    form_id: formId,
    service: textOf(values, 'service') || undefined,
    zip: textOf(values, 'zip') || undefined,
    ...(value === undefined ? {} : { value, currency: 'USD' }),
    ...(userData ? { user_data: userData } : {}),
    outside_service_area: data.outsideServiceArea,
    eventCallback: once,
    eventTimeout: 1000,
  });
  if (!w.google_tag_manager) once();
  else setTimeout(once, 1000);
}

/** The text message offered when sending fails: what the visitor typed, ready to send to the office. */
export function fallbackSms(kind: LeadKind, values: Record<string, string | boolean>): string {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const parts = [
    kind === 'inspection' ? 'Hi, I would like to book a free roof inspection.' : 'Hi, I would like a free roof consultation.',
  ];
  if (text('name')) parts.push(`Name: ${text('name')}.`);
  if (text('phone')) parts.push(`Phone: ${text('phone')}.`);
  if (text('streetAddress')) parts.push(`Address: ${text('streetAddress')}.`);
  if (text('zip')) parts.push(`ZIP: ${text('zip')}.`);
  const date = text('preferredDate');
  const window = text('preferredWindow');
  if (date && (window === 'morning' || window === 'afternoon')) parts.push(`Preferred: ${slotLabel(date, window)}.`);
  if (text('message')) parts.push(text('message').slice(0, 300));
  return parts.join(' ');
}
