/**
 * The leads inbox's data: the
 * filtered, paginated list, a lead's history and notes, status changes,
 * resends, and the export. Every list query runs on an index of migration 014.
 */
import { randomUUID } from 'node:crypto';
import {
  LEADS_PAGE_SIZE,
  searchQuery,
  searchReference,
  type BookingStatus,
  type LeadFilters,
  type LeadStatus,
} from '../../lib/admin-leads.ts';
import { addDays } from '../../lib/lead-schema.ts';
import { officeLocalToInstant } from '../../lib/office-time.ts';
import type { Db, Queryable } from '../db/index.ts';
import { LEAD_COLUMNS, toRecord, type LeadRecord, type LeadRow, type NotificationChannel } from './store.ts';
import type { ExportNote } from './csv.ts';

/** Who did something in the admin: the user's id (null once removed) and login. */
export interface Actor {
  id: number | null;
  login: string;
}

/** A lead and when an admin first reached out to it (null: nobody yet). */
export type TouchedLead = LeadRecord & { firstTouchAt: Date | null };

export interface LeadListPage {
  leads: TouchedLead[];
  /** Leads matching the filters, over every page. */
  total: number;
  page: number;
  pages: number;
}

interface Where {
  sql: string;
  params: unknown[];
}

/** The WHERE clause of `filters`, with its parameters numbered from $1. */
function whereOf(filters: LeadFilters, timeZone: string): Where {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.status) clauses.push(`status = ${param(filters.status)}`);
  else if (filters.spam === 'only') clauses.push(`status = 'spam'`);
  else if (filters.spam === 'hide') clauses.push(`status <> 'spam'`);
  if (filters.kind) clauses.push(`kind = ${param(filters.kind)}`);
  if (filters.area) clauses.push(`outside_service_area = ${param(filters.area === 'outside')}`);
  // Dates are the office's days: from its midnight to the next one.
  if (filters.from) clauses.push(`created_at >= ${param(officeLocalToInstant(`${filters.from}T00:00`, timeZone))}`);
  if (filters.to) clauses.push(`created_at < ${param(officeLocalToInstant(`${addDays(filters.to, 1)}T00:00`, timeZone))}`);
  const query = searchQuery(filters.q);
  const reference = searchReference(filters.q);
  if (query && reference) clauses.push(`(search @@ to_tsquery('simple', ${param(query)}) OR reference = ${param(reference)})`);
  else if (query) clauses.push(`search @@ to_tsquery('simple', ${param(query)})`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of the leads matching `filters`, newest first, and how many match in all. */
export async function listLeads(db: Queryable, filters: LeadFilters, timeZone: string): Promise<LeadListPage> {
  const where = whereOf(filters, timeZone);
  const offset = (filters.page - 1) * LEADS_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    db.query<LeadRow & { first_touch_at: Date | null }>(
      `SELECT ${LEAD_COLUMNS}, ${FIRST_TOUCH_SQL} AS first_touch_at FROM leads ${where.sql}
       ORDER BY created_at DESC, id DESC LIMIT ${LEADS_PAGE_SIZE} OFFSET ${offset}`,
      where.params,
    ),
    db.one<{ total: number }>(`SELECT count(*) AS total FROM leads ${where.sql}`, where.params),
  ]);
  const total = count.total;
  const leads = rows.map((row) => ({ ...toRecord(row), firstTouchAt: row.first_touch_at }));
  return { leads, total, page: filters.page, pages: Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)) };
}

/** Rows of the export read per query: the whole set never sits in memory. */
const EXPORT_BATCH = 1000;

/** Every lead matching `filters` (pages ignored), newest first, in batches. */
/** The notes of these leads, oldest first, by lead id (the export's Notes column). */
async function notesOf(db: Queryable, ids: number[]): Promise<Map<number, ExportNote[]>> {
  const rows = await db.query<{ lead_id: number; body: string | null; actor_login: string | null; created_at: Date }>(
    `SELECT lead_id, body, actor_login, created_at FROM lead_events
     WHERE kind = 'note' AND lead_id = ANY($1::bigint[]) ORDER BY created_at, id`,
    [ids],
  );
  const notes = new Map<number, ExportNote[]>();
  for (const row of rows) {
    const id = Number(row.lead_id);
    notes.set(id, [...(notes.get(id) ?? []), { body: row.body ?? '', by: row.actor_login, at: row.created_at }]);
  }
  return notes;
}

export async function* leadsForExport(
  db: Queryable,
  filters: LeadFilters,
  timeZone: string,
): AsyncGenerator<(LeadRecord & { notes: ExportNote[] })[]> {
  const where = whereOf({ ...filters, page: 1 }, timeZone);
  let after: number | null = null;
  for (;;) {
    const params = [...where.params];
    let keyset = '';
    if (after !== null) {
      params.push(after);
      // The last row's own created_at, read in SQL: a JavaScript Date keeps milliseconds and the
      // column microseconds, so passing it back would skip the leads of the same millisecond.
      const last = `$${params.length}`;
      keyset = `${where.sql ? ' AND' : 'WHERE'} (created_at, id) < ((SELECT created_at FROM leads WHERE id = ${last}), ${last})`;
    }
    const rows = await db.query<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM leads ${where.sql}${keyset} ORDER BY created_at DESC, id DESC LIMIT ${EXPORT_BATCH}`,
      params,
    );
    if (rows.length === 0) return;
    const records = rows.map(toRecord);
    const notes = await notesOf(
      db,
      records.map((r) => r.id),
    );
    const batch = records.map((r) => ({ ...r, notes: notes.get(r.id) ?? [] }));
    yield batch;
    if (rows.length < EXPORT_BATCH) return;
    after = batch.at(-1)!.id;
  }
}

export async function findLeadByReference(db: Queryable, reference: string): Promise<LeadRecord | null> {
  const row = await db.maybeOne<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE reference = $1`, [reference]);
  return row ? toRecord(row) : null;
}

export type LeadEventKind = 'status' | 'booking' | 'note' | 'resend' | 'review' | 'call' | 'text';

/** What counts as reaching out to a lead: a call or a text tapped in the admin, or a status set. */
export const TOUCH_KINDS = ['status', 'call', 'text'] as const satisfies readonly LeadEventKind[];
export type ContactChannel = 'call' | 'text';

/** The time of the first touch of the lead of the surrounding query (`leads`), or null. */
const FIRST_TOUCH_SQL = `(SELECT min(e.created_at) FROM lead_events e
  WHERE e.lead_id = leads.id AND e.kind IN (${TOUCH_KINDS.map((k) => `'${k}'`).join(', ')}))`;

/** When the first of these events (oldest first or not) touched the lead, or null. */
export function firstTouchOf(events: readonly Pick<LeadEvent, 'kind' | 'at'>[]): Date | null {
  let first: Date | null = null;
  for (const event of events) {
    if (!(TOUCH_KINDS as readonly string[]).includes(event.kind)) continue;
    if (first === null || event.at < first) first = event.at;
  }
  return first;
}

/** How long a lead waited, in milliseconds: to its first touch, or until `now` while nobody touched it. */
export function waitedMs(arrived: Date, firstTouch: Date | null, now: Date): number {
  return Math.max(0, (firstTouch ?? now).getTime() - arrived.getTime());
}

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface LeadEvent {
  id: number;
  kind: LeadEventKind;
  from: string | null;
  to: string | null;
  body: string | null;
  /** The login of whoever did it; null for the system. */
  actor: string | null;
  at: Date;
}

export async function leadEvents(db: Queryable, leadId: number): Promise<LeadEvent[]> {
  const rows = await db.query<{
    id: number;
    kind: LeadEventKind;
    from_value: string | null;
    to_value: string | null;
    body: string | null;
    actor_login: string | null;
    created_at: Date;
  }>(
    `SELECT id, kind, from_value, to_value, body, actor_login, created_at FROM lead_events
     WHERE lead_id = $1 ORDER BY created_at, id`,
    [leadId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    from: r.from_value,
    to: r.to_value,
    body: r.body,
    actor: r.actor_login,
    at: r.created_at,
  }));
}

export interface NotificationState {
  channel: NotificationChannel;
  state: 'pending' | 'sending' | 'failed' | 'sent';
  attempts: number;
  lastAttemptAt: Date | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
}

interface NotificationRow {
  channel: NotificationChannel;
  state: NotificationState['state'];
  attempts: number;
  last_attempt_at: Date | null;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
}

function toNotification(r: NotificationRow): NotificationState {
  return {
    channel: r.channel,
    state: r.state,
    attempts: r.attempts,
    lastAttemptAt: r.last_attempt_at,
    lastError: r.last_error,
    nextAttemptAt: r.state === 'sent' ? null : r.next_attempt_at,
    sentAt: r.sent_at,
  };
}

const NOTIFICATION_COLUMNS = 'channel, state, attempts, last_attempt_at, last_error, next_attempt_at, sent_at';

export async function leadNotifications(db: Queryable, leadId: number): Promise<NotificationState[]> {
  const rows = await db.query<NotificationRow>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM lead_notifications WHERE lead_id = $1 ORDER BY channel`,
    [leadId],
  );
  return rows.map(toNotification);
}

/** A change the admin asked for: made, or already so. */
export type ChangeResult<T> =
  | { ok: true; changed: boolean; value: T }
  | { ok: false; reason: 'not-found' | 'not-inspection' }
  | { ok: false; reason: 'moved'; value: T };

export type ReviewChannel = 'text' | 'email';

/**
 * Logs that the customer was asked for a review, by text or email: at most once a lead (a unique
 * index holds that against two people asking at once), and only once it is marked won.
 */
export async function recordReviewRequest(
  db: Db,
  reference: string,
  channel: ReviewChannel,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'not-won' | 'already' }> {
  return db.transaction(async (tx) => {
    const lead = await tx.maybeOne<{ id: number; status: string }>(
      'SELECT id, status FROM leads WHERE reference = $1 FOR UPDATE',
      [reference],
    );
    if (!lead) return { ok: false, reason: 'not-found' };
    if (lead.status !== 'won') return { ok: false, reason: 'not-won' };
    const asked = await tx.maybeOne("SELECT 1 FROM lead_events WHERE lead_id = $1 AND kind = 'review'", [lead.id]);
    if (asked) return { ok: false, reason: 'already' };
    await recordEvent(tx, lead.id, { kind: 'review', to: channel }, actor);
    return { ok: true };
  });
}

/** Logs a tap on a lead's Call or Text link: the admin reached out (each tap is kept). */
export async function recordContact(
  db: Db,
  reference: string,
  channel: ContactChannel,
  actor: Actor,
): Promise<ChangeResult<ContactChannel>> {
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ id: number }>('SELECT id FROM leads WHERE reference = $1', [reference]);
    if (!row) return { ok: false, reason: 'not-found' };
    await recordEvent(tx, row.id, { kind: channel }, actor);
    return { ok: true, changed: true, value: channel };
  });
}

async function recordEvent(
  tx: Queryable,
  leadId: number,
  event: { kind: LeadEventKind; from?: string | null; to?: string | null; body?: string | null },
  actor: Actor,
): Promise<void> {
  await tx.query(
    `INSERT INTO lead_events (lead_id, kind, from_value, to_value, body, actor_id, actor_login) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [leadId, event.kind, event.from ?? null, event.to ?? null, event.body ?? null, actor.id, actor.login],
  );
}

/**
 * Moves a lead to `status`, recording who and when; the same status again changes nothing.
 * With `expected` (the status the form was served with) a lead whose status moved meanwhile is left as it is.
 */
export async function setLeadStatus(
  db: Db,
  reference: string,
  status: LeadStatus,
  actor: Actor,
  expected?: LeadStatus,
): Promise<ChangeResult<LeadStatus>> {
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ id: number; status: LeadStatus }>(
      'SELECT id, status FROM leads WHERE reference = $1 FOR UPDATE',
      [reference],
    );
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.status === status) return { ok: true, changed: false, value: status };
    // Changed by someone else since the form was served: saving would silently undo their change.
    if (expected !== undefined && row.status !== expected) return { ok: false, reason: 'moved', value: row.status };
    await tx.query('UPDATE leads SET status = $2 WHERE id = $1', [row.id, status]);
    await recordEvent(tx, row.id, { kind: 'status', from: row.status, to: status }, actor);
    return { ok: true, changed: true, value: status };
  });
}

/** Moves an inspection's booking to `status` (a cancelled one frees its place), recording who and when. */
export async function setBookingStatus(
  db: Db,
  reference: string,
  status: BookingStatus,
  actor: Actor,
  expected?: BookingStatus,
): Promise<ChangeResult<BookingStatus>> {
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ id: number; booking_status: BookingStatus | null }>(
      'SELECT id, booking_status FROM leads WHERE reference = $1 FOR UPDATE',
      [reference],
    );
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.booking_status === null) return { ok: false, reason: 'not-inspection' };
    if (row.booking_status === status) return { ok: true, changed: false, value: status };
    if (expected !== undefined && row.booking_status !== expected)
      return { ok: false, reason: 'moved', value: row.booking_status };
    await tx.query('UPDATE leads SET booking_status = $2 WHERE id = $1', [row.id, status]);
    await recordEvent(tx, row.id, { kind: 'booking', from: row.booking_status, to: status }, actor);
    return { ok: true, changed: true, value: status };
  });
}

/** Appends a note (notes are never edited or removed). */
export async function addLeadNote(db: Db, reference: string, body: string, actor: Actor): Promise<ChangeResult<string>> {
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ id: number }>('SELECT id FROM leads WHERE reference = $1', [reference]);
    if (!row) return { ok: false, reason: 'not-found' };
    await recordEvent(tx, row.id, { kind: 'note', body }, actor);
    return { ok: true, changed: true, value: body };
  });
}

export type ResendResult =
  { ok: true; notification: NotificationState } | { ok: false; reason: 'not-found' | 'no-channel' | 'in-flight' };

/**
 * Sends a lead's notification on `channel` again, now: a failed or waiting one is
 * due at once; a sent one goes again under a new Message-ID (the receiver would
 * drop a repeat of the old one as a duplicate). One being sent right now is left alone.
 */
export async function resendNotification(
  db: Db,
  reference: string,
  channel: NotificationChannel,
  actor: Actor,
): Promise<ResendResult> {
  return db.transaction<ResendResult>(async (tx) => {
    const lead = await tx.maybeOne<{ id: number }>('SELECT id FROM leads WHERE reference = $1', [reference]);
    if (!lead) return { ok: false, reason: 'not-found' };
    const row = await tx.maybeOne<{ id: number; state: NotificationState['state']; live: boolean; message_id: string }>(
      `SELECT id, state, message_id, claimed_until > now() AS live FROM lead_notifications
       WHERE lead_id = $1 AND channel = $2 FOR UPDATE`,
      [lead.id, channel],
    );
    if (!row) return { ok: false, reason: 'no-channel' };
    if (row.state === 'sending' && row.live) return { ok: false, reason: 'in-flight' };
    const domain = row.message_id.slice(row.message_id.lastIndexOf('@') + 1, -1) || 'localhost';
    const updated = await tx.one<NotificationRow>(
      `UPDATE lead_notifications
       SET state = 'pending', next_attempt_at = now(), claim_id = NULL, claimed_until = NULL,
           message_id = CASE WHEN state = 'sent' THEN $2 ELSE message_id END, sent_at = NULL
       WHERE id = $1 RETURNING ${NOTIFICATION_COLUMNS}`,
      [row.id, `<${randomUUID()}@${domain}>`],
    );
    await recordEvent(tx, lead.id, { kind: 'resend', to: channel, from: row.state }, actor);
    return { ok: true, notification: toNotification(updated) };
  });
}

// ---------------------------------------------------------------------------
// The dashboard.

export interface LeadCounts {
  last7: number;
  last30: number;
}

/** Leads (spam aside) of the last 7 and 30 days. */
export async function newLeadCounts(db: Queryable): Promise<LeadCounts> {
  return db.one<LeadCounts>(
    `SELECT count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS "last7", count(*) AS "last30"
     FROM leads WHERE created_at >= now() - interval '30 days' AND status <> 'spam'`,
  );
}

/**
 * The median time to first touch, in milliseconds, of the leads (spam aside) that arrived since
 * `since` (the office's midnight) and were touched; null when none was touched yet.
 */
export async function medianFirstTouchSince(db: Queryable, since: Date): Promise<number | null> {
  const rows = await db.query<{ created_at: Date; first_touch_at: Date }>(
    `SELECT created_at, first_touch_at FROM (
       SELECT created_at, ${FIRST_TOUCH_SQL} AS first_touch_at FROM leads WHERE created_at >= $1 AND status <> 'spam'
     ) t WHERE first_touch_at IS NOT NULL`,
    [since],
  );
  return median(rows.map((r) => waitedMs(r.created_at, r.first_touch_at, r.first_touch_at)));
}

/** The newest leads, spam aside. */
export async function newestLeads(db: Queryable, limit = 5): Promise<LeadRecord[]> {
  const rows = await db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM leads WHERE status <> 'spam' ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toRecord);
}

/** The id of the newest lead (0 for none): the dashboard polls it to see a new lead arrive. */
export async function latestLeadId(db: Queryable): Promise<number> {
  const row = await db.maybeOne<{ id: number }>(
    `SELECT id FROM leads WHERE status <> 'spam' ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row?.id ?? 0;
}

/** Requested and confirmed inspections from `first` to `last` (office dates), by date and window. */
export async function bookingsBetween(db: Queryable, first: string, last: string): Promise<LeadRecord[]> {
  const rows = await db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM leads
     WHERE kind = 'inspection' AND booking_status IN ('requested', 'confirmed')
       AND preferred_date BETWEEN $1 AND $2 AND status NOT IN ('lost', 'spam')
     ORDER BY preferred_date, preferred_window, id`,
    [first, last],
  );
  return rows.map(toRecord);
}

export interface UnsentNotification extends NotificationState {
  reference: string;
  name: string;
}

/** Notifications failed or still waiting, newest first. */
export async function unsentNotifications(db: Queryable, limit = 20): Promise<UnsentNotification[]> {
  const rows = await db.query<NotificationRow & { reference: string; name: string }>(
    `SELECT n.channel, n.state, n.attempts, n.last_attempt_at, n.last_error, n.next_attempt_at, n.sent_at, l.reference, l.name
     FROM lead_notifications n JOIN leads l ON l.id = n.lead_id
     WHERE n.state <> 'sent' ORDER BY n.created_at DESC, n.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ ...toNotification(r), reference: r.reference, name: r.name }));
}
