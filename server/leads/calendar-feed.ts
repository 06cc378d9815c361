/**
 * The booked inspections as a calendar subscription (RFC 5545, with REFRESH-INTERVAL from
 * RFC 7986): one private address an admin, whose secret token is stored hashed and can be
 * replaced or revoked. A calendar app fetches it without a session, so the token is the key.
 */
import { ARRIVAL_WINDOWS, formatUsPhone } from '../../lib/lead-schema.ts';
import { BOOKING_LABELS } from '../../lib/admin-leads.ts';
import { hashSecret, looksLikeSecret, randomSecret } from '../auth/store.ts';
import type { Db, Queryable } from '../db/index.ts';
import { icsText, officeTimeToUtc } from './ics.ts';
import type { LeadRecord } from './store.ts';

/** Where a calendar app fetches the feed: `/api/calendar/<token>.ics`. */
export const CALENDAR_FEED_PREFIX = '/api/calendar/';

/** Makes (or replaces) this admin's feed token; the old address stops working at once. Returns the new token. */
export async function replaceFeedToken(db: Db, userId: number): Promise<string> {
  const token = randomSecret();
  await db.query(
    `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
    [userId, hashSecret(token)],
  );
  return token;
}

export async function revokeFeedToken(db: Queryable, userId: number): Promise<boolean> {
  return (await db.query('DELETE FROM calendar_feeds WHERE user_id = $1 RETURNING user_id', [userId])).length > 0;
}

/** When this admin's feed was made, or null when they have none. */
export async function feedCreatedAt(db: Queryable, userId: number): Promise<Date | null> {
  return (
    (await db.maybeOne<{ created_at: Date }>('SELECT created_at FROM calendar_feeds WHERE user_id = $1', [userId]))?.created_at ??
    null
  );
}

/** True when the token opens a feed: its owner must still hold an admin role. */
export async function feedTokenValid(db: Queryable, token: string): Promise<boolean> {
  if (!looksLikeSecret(token)) return false;
  const row = await db.maybeOne(
    `SELECT 1 FROM calendar_feeds f JOIN user_roles r ON r.user_id = f.user_id WHERE f.token_hash = $1`,
    [hashSecret(token)],
  );
  return row !== null;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    if (new TextEncoder().encode(current + ch).length > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += ch;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The feed: each booking over its arrival window, with what the visit needs (who, where, how to call). */
export function bookingsFeed(
  bookings: readonly LeadRecord[],
  host: string,
  site: { name: string; timeZone: string },
  now = new Date(),
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(site.name)}//Inspections//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(`${site.name}: inspections`)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const b of bookings) {
    if (!b.preferredDate || !b.preferredWindow) continue;
    const window = ARRIVAL_WINDOWS[b.preferredWindow];
    const status = BOOKING_LABELS[b.bookingStatus ?? 'requested'];
    lines.push(
      'BEGIN:VEVENT',
      `UID:inspection-${b.reference}@${host}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(officeTimeToUtc(b.preferredDate, window.start, site.timeZone))}`,
      `DTEND:${stamp(officeTimeToUtc(b.preferredDate, window.end, site.timeZone))}`,
      `SUMMARY:${icsText(`Inspection: ${b.name} (${status.toLowerCase()})`)}`,
      ...(b.streetAddress ? [`LOCATION:${icsText(`${b.streetAddress}, ${b.zip}`)}`] : []),
      `DESCRIPTION:${icsText(`${b.name}, ${formatUsPhone(b.phone)}. ${window.label} window (${window.hours}). Reference ${b.reference}.${b.message ? ` ${b.message}` : ''}`)}`,
      `STATUS:${b.bookingStatus === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
