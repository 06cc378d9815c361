import { randomBytes, randomUUID } from 'node:crypto';
import { bookableDates, WINDOW_IDS, type Lead, type LeadKind, type WindowId } from '../../lib/lead-schema.ts';
import type { RoofEstimate } from '../../lib/roof-estimate.ts';
import { parseRoofEstimate } from '../../lib/roof-estimate-schema.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { ServiceAreaCheck } from '../../lib/service-area.ts';
import type { BookingStatus, LeadStatus } from '../../lib/admin-leads.ts';
import { availabilityIn, HOLDS_A_PLACE, nextFreeSlots, type Slot } from './slots.ts';
import { isoWeekday, windowCapacity } from '../../lib/slot-offers.ts';

// Slots, capacities and blocked dates have their own module; callers keep importing them from here with the leads.
export {
  availability,
  availabilityOf,
  blockDate,
  blockedDatesBetween,
  defaultCapacity,
  nextFreeSlots,
  setDefaultCapacity,
  setSlotCapacity,
  setWeekdayCapacity,
  unblockDate,
  weekdayCapacity,
  type BlockedDate,
  type DayAvailability,
  type Slot,
  type SlotAvailability,
} from './slots.ts';

export type SpamReason = 'honeypot' | 'too_fast';
export type NotificationChannel = 'email' | 'webhook' | 'push';
export type { BookingStatus, LeadStatus } from '../../lib/admin-leads.ts';

/** A stored lead as the pages, the email and the webhook see it. */
export interface LeadRecord {
  id: number;
  reference: string;
  accessToken: string;
  kind: LeadKind;
  status: LeadStatus;
  /** Inspections only: requested, confirmed, done or cancelled (null for a consultation). */
  bookingStatus: BookingStatus | null;
  spamReason: SpamReason | null;
  name: string;
  phone: string;
  email: string | null;
  zip: string;
  streetAddress: string | null;
  preferredDate: string | null;
  preferredWindow: WindowId | null;
  service: string | null;
  propertyType: string | null;
  urgency: string | null;
  insuranceClaim: string | null;
  message: string | null;
  preferredContact: string | null;
  smsConsent: boolean;
  distanceMiles: number | null;
  outsideServiceArea: boolean;
  landingPage: string | null;
  referrer: string | null;
  pageUrl: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
  userAgent: string | null;
  fillMs: number | null;
  /** What the request said, hashed (api/leads.ts `requestFingerprint`); null on leads stored before it was kept. */
  requestHash: string | null;
  /** The /savannah-roof-cost estimate the visitor brought along, if any. */
  estimate: RoofEstimate | null;
  createdAt: Date;
}

export interface NewLead {
  lead: Lead;
  idempotencyKey: string;
  /** The request's content, hashed: the same key with another fingerprint is refused, not answered with the first lead. */
  fingerprint: string;
  spamReason: SpamReason | null;
  area: ServiceAreaCheck;
  fillMs: number | null;
  userAgent: string | null;
  /** The page the form was posted from, when the browser did not say (the Referer of a form post). */
  pageUrl: string | null;
}

export interface CreateLeadOptions {
  /** Notification rows to write with the lead; spam gets none. */
  channels: readonly NotificationChannel[];
  /** Right-hand side of the Message-IDs, e.g. the site's host name. */
  messageIdDomain: string;
  /** For "the next free windows" on a full one. */
  now?: Date;
  /** The office's time zone: it decides which dates are bookable. */
  timeZone: string;
}

export type CreateLeadResult =
  | { status: 'created'; lead: LeadRecord }
  | { status: 'replayed'; lead: LeadRecord }
  /** The window is full, or its date blocked by the office: the next free windows are offered. */
  | { status: 'full'; alternatives: Slot[]; blocked: boolean }
  /** The key belongs to a lead with other content: nothing of it may be shown. */
  | { status: 'key-reused' };

export const LEAD_COLUMNS = `id, reference, access_token, kind, status, booking_status, spam_reason, name, phone, email, zip, street_address,
  preferred_date::text AS preferred_date, preferred_window, service, property_type, urgency, insurance_claim, message,
  preferred_contact, sms_consent, distance_miles, outside_service_area, landing_page, referrer, page_url,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, gbraid, wbraid, user_agent, fill_ms, request_hash, estimate, created_at`;

export interface LeadRow {
  id: number;
  reference: string;
  access_token: string;
  kind: LeadKind;
  status: LeadStatus;
  booking_status: BookingStatus | null;
  spam_reason: SpamReason | null;
  name: string;
  phone: string;
  email: string | null;
  zip: string;
  street_address: string | null;
  preferred_date: string | null;
  preferred_window: WindowId | null;
  service: string | null;
  property_type: string | null;
  urgency: string | null;
  insurance_claim: string | null;
  message: string | null;
  preferred_contact: string | null;
  sms_consent: boolean;
  distance_miles: number | null;
  outside_service_area: boolean;
  landing_page: string | null;
  referrer: string | null;
  page_url: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
  user_agent: string | null;
  fill_ms: number | null;
  request_hash: string | null;
  /** jsonb: both drivers hand it back parsed. */
  estimate: unknown;
  created_at: Date;
}

export function toRecord(row: LeadRow): LeadRecord {
  return {
    id: row.id,
    reference: row.reference,
    accessToken: row.access_token,
    kind: row.kind,
    status: row.status,
    bookingStatus: row.booking_status,
    spamReason: row.spam_reason,
    name: row.name,
    phone: row.phone,
    email: row.email,
    zip: row.zip,
    streetAddress: row.street_address,
    preferredDate: row.preferred_date,
    preferredWindow: row.preferred_window,
    service: row.service,
    propertyType: row.property_type,
    urgency: row.urgency,
    insuranceClaim: row.insurance_claim,
    message: row.message,
    preferredContact: row.preferred_contact,
    smsConsent: row.sms_consent,
    distanceMiles: row.distance_miles === null ? null : Number(row.distance_miles),
    outsideServiceArea: row.outside_service_area,
    landingPage: row.landing_page,
    referrer: row.referrer,
    pageUrl: row.page_url,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    gclid: row.gclid,
    gbraid: row.gbraid,
    wbraid: row.wbraid,
    userAgent: row.user_agent,
    fillMs: row.fill_ms,
    requestHash: row.request_hash,
    estimate: storedEstimate(row.estimate),
    createdAt: row.created_at,
  };
}

/** A stored estimate read back through the schema; a row no current estimator could have written shows none. */
function storedEstimate(value: unknown): RoofEstimate | null {
  if (value === null || value === undefined) return null;
  const parsed = parseRoofEstimate(value);
  return parsed.ok ? parsed.estimate : null;
}

// Crockford's base32 without I, L, O and U: nothing to misread when quoted on the phone.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A booking reference like `K7QM-3XP9`: 40 random bits, never derived from the row id. */
export function newReference(): string {
  const bytes = randomBytes(8);
  let text = '';
  for (let i = 0; i < 8; i++) text += REFERENCE_ALPHABET[bytes[i]! % 32];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/** The token in /appointment-scheduled?ref=…: 128 random bits, base64url. */
export function newAccessToken(): string {
  return randomBytes(16).toString('base64url');
}

const ACCESS_TOKEN = /^[A-Za-z0-9_-]{22}$/;

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

async function lockSlot(tx: Queryable, slot: Slot): Promise<number> {
  await tx.query('INSERT INTO booking_slots (slot_date, slot_window) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    slot.date,
    slot.window,
  ]);
  // The row lock queues every booking for this slot behind the one holding it (READ COMMITTED:
  // the count below is a new statement, so it sees the booking the previous holder committed).
  const row = await tx.one<{ own: number | null; weekday: number | null; fallback: number }>(
    `SELECT s.capacity AS own, w.capacity AS weekday, b.default_capacity AS fallback
     FROM booking_slots s CROSS JOIN booking_settings b
     LEFT JOIN weekday_capacity w ON w.weekday = $3 AND w.slot_window = s.slot_window
     WHERE s.slot_date = $1 AND s.slot_window = $2
     FOR UPDATE OF s`,
    [slot.date, slot.window, isoWeekday(slot.date)],
  );
  return windowCapacity(row.own, row.weekday, row.fallback);
}

async function isBlocked(q: Queryable, date: string): Promise<boolean> {
  return (await q.maybeOne('SELECT 1 FROM blocked_dates WHERE blocked_date = $1', [date])) !== null;
}

async function findByIdempotencyKey(q: Queryable, key: string): Promise<LeadRecord | null> {
  const row = await q.maybeOne<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE idempotency_key = $1`, [key]);
  return row ? toRecord(row) : null;
}

type Attempt = CreateLeadResult | { status: 'raced' };

/**
 * One statement that inserts the lead and its notification rows (a data-modifying
 * CTE is atomic on its own), or returns no row when the idempotency key is taken.
 * One round trip matters on PGlite, where every statement queues on one connection.
 */
async function insertLead(q: Queryable, input: NewLead, options: CreateLeadOptions): Promise<LeadRow | null> {
  const { lead } = input;
  const inspection = lead.kind === 'inspection' ? lead : null;
  const params: unknown[] = [
    newReference(),
    newAccessToken(),
    input.idempotencyKey,
    lead.kind,
    input.spamReason ? 'spam' : 'new',
    input.spamReason,
    lead.name,
    lead.phone,
    lead.email ?? null,
    lead.zip,
    inspection?.streetAddress ?? null,
    inspection?.preferredDate ?? null,
    inspection?.preferredWindow ?? null,
    lead.service ?? null,
    lead.propertyType ?? null,
    lead.urgency ?? null,
    lead.insuranceClaim ?? null,
    lead.message ?? null,
    lead.preferredContact ?? null,
    lead.smsConsent,
    input.area.distanceMiles,
    input.area.outside,
    lead.landingPage ?? null,
    lead.referrer ?? null,
    lead.pageUrl ?? input.pageUrl,
    lead.utmSource ?? null,
    lead.utmMedium ?? null,
    lead.utmCampaign ?? null,
    lead.utmTerm ?? null,
    lead.utmContent ?? null,
    lead.gclid ?? null,
    lead.gbraid ?? null,
    lead.wbraid ?? null,
    input.userAgent,
    input.fillMs,
    input.fingerprint,
    lead.kind === 'inspection' ? 'requested' : null,
    lead.estimate ? JSON.stringify(lead.estimate) : null,
  ];
  // Spam is kept but nobody is told about it: no notification rows.
  const channels = input.spamReason === null ? options.channels : [];
  const notifications = channels.map((channel) => {
    params.push(channel, `<${randomUUID()}@${options.messageIdDomain}>`);
    return `($${params.length - 1}::text, $${params.length}::text)`;
  });
  return q.maybeOne<LeadRow>(
    `WITH new_lead AS (
       INSERT INTO leads (reference, access_token, idempotency_key, kind, status, spam_reason, name, phone, email, zip,
         street_address, preferred_date, preferred_window, service, property_type, urgency, insurance_claim, message,
         preferred_contact, sms_consent, distance_miles, outside_service_area, landing_page, referrer, page_url,
         utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, gbraid, wbraid, user_agent, fill_ms, request_hash, booking_status,
         estimate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
         $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38::jsonb)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${LEAD_COLUMNS}
     )${
       notifications.length
         ? `, notified AS (
       INSERT INTO lead_notifications (lead_id, channel, message_id)
       SELECT new_lead.id, n.channel, n.message_id FROM new_lead, (VALUES ${notifications.join(', ')}) AS n (channel, message_id)
     )`
         : ''
     }
     SELECT * FROM new_lead`,
    params,
  );
}

async function attemptCreate(db: Db, input: NewLead, options: CreateLeadOptions): Promise<Attempt> {
  const { lead } = input;
  if (lead.kind !== 'inspection' || input.spamReason !== null) {
    const row = await insertLead(db, input, options);
    // ON CONFLICT waited for a twin with the same key to commit (or found an earlier one): answer with its lead.
    return row ? { status: 'created', lead: toRecord(row) } : { status: 'raced' };
  }
  return db.transaction<Attempt>(async (tx) => {
    const slot = { date: lead.preferredDate, window: lead.preferredWindow };
    const blocked = await isBlocked(tx, slot.date);
    const capacity = blocked ? 0 : await lockSlot(tx, slot);
    // After the lock: a double submit racing its twin sees the twin's booking here, not a full window.
    const existing = await findByIdempotencyKey(tx, input.idempotencyKey);
    if (existing) return replayOf(existing, input);
    const { booked } = await tx.one<{ booked: number }>(
      `SELECT count(*) AS booked FROM leads WHERE ${HOLDS_A_PLACE} AND preferred_date = $1 AND preferred_window = $2`,
      [slot.date, slot.window],
    );
    if (booked >= capacity) {
      const days = await availabilityIn(tx, options.now ?? new Date(), options.timeZone);
      return { status: 'full', alternatives: nextFreeSlots(days, slot), blocked };
    }
    const row = await insertLead(tx, input, options);
    return row ? { status: 'created', lead: toRecord(row) } : { status: 'raced' };
  });
}

/**
 * True when `lead` was stored from a request with this fingerprint. Leads stored
 * before fingerprints were kept have none and count as the same (the old behaviour).
 */
export function sameRequest(lead: Pick<LeadRecord, 'requestHash'>, fingerprint: string): boolean {
  return lead.requestHash === null || lead.requestHash === fingerprint;
}

function replayOf(existing: LeadRecord, input: NewLead): CreateLeadResult {
  return sameRequest(existing, input.fingerprint) ? { status: 'replayed', lead: existing } : { status: 'key-reused' };
}

/**
 * Stores a lead and its notification rows in one transaction, idempotently:
 * the same key and content give back the lead stored first; the same key with
 * other content is refused. An inspection that would go
 * over its window's capacity is refused with the next free windows.
 */
export async function createLead(db: Db, input: NewLead, options: CreateLeadOptions): Promise<CreateLeadResult> {
  for (let attempt = 1; ; attempt++) {
    let result: Attempt;
    try {
      result = await attemptCreate(db, input, options);
    } catch (error) {
      // 40 random bits per reference: a collision is rare, and a fresh draw settles it.
      const collided = isUniqueViolation(error, 'leads_reference_key') || isUniqueViolation(error, 'leads_access_token_key');
      if (collided && attempt < 5) continue;
      throw error;
    }
    if (result.status !== 'raced') return result;
    const twin = await findByIdempotencyKey(db, input.idempotencyKey);
    if (twin) return replayOf(twin, input);
  }
}

export async function findLeadByIdempotencyKey(db: Queryable, key: string): Promise<LeadRecord | null> {
  return findByIdempotencyKey(db, key);
}

/** The lead a confirmation link points to, or null for a malformed or unknown token. */
export async function findLeadByToken(db: Queryable, token: string): Promise<LeadRecord | null> {
  if (!ACCESS_TOKEN.test(token)) return null;
  const row = await db.maybeOne<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE access_token = $1`, [token]);
  return row ? toRecord(row) : null;
}

export async function findLeadsByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, LeadRecord>> {
  if (ids.length === 0) return new Map();
  const placeholders = ids.map((_, i) => `$${i + 1}`).join(', ');
  const rows = await db.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id IN (${placeholders})`, [...ids]);
  return new Map(rows.map((row) => [row.id, toRecord(row)]));
}
