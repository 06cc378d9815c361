/**
 * Lead input before validation: JSON bodies and form posts (all strings,
 * checkboxes "on") become one shape, on the server and in the browser alike,
 * and US phone numbers and ZIP codes are read however they were typed.
 */
import { LEAD_FIELD_MAX } from './lead-fields.ts';

/**
 * A US phone number as E.164 (`+1` and 10 digits), or null. Accepts any punctuation
 * and a leading 1 or +1; area code and exchange must start with 2 to 9 (NANP).
 */
export function normalizeUsPhone(input: string): string | null {
  // An extension is dropped: the office calls the main number.
  const main = input.replace(/\s*(?:ext\.?|extension|x)\s*\d{1,6}\s*$/i, '');
  if (/[a-z]/i.test(main)) return null;
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** `+19125550142` → `(912) 555-0142`, for people to read. */
export function formatUsPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return e164;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A 5-digit ZIP from `31405` or ZIP+4 `31405-1234`, or null. */
export function normalizeZip(input: string): string | null {
  const match = /^(\d{5})(?:[-\s]?\d{4})?$/.exec(input.trim());
  return match ? match[1]! : null;
}

/** Read on their own below: the checkbox, the times, the estimate and the "book this one instead" slot. */
const NOT_TEXT = new Set(['slot', 'smsConsent', 'startedAt', 'sentAt', 'estimate']);
/** Every lead field that arrives as text, and the report form's page. */
const STRING_FIELDS = [...Object.keys(LEAD_FIELD_MAX).filter((field) => !NOT_TEXT.has(field)), 'page'];

const TRUE_WORDS = new Set(['on', 'true', 'yes', '1']);
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

function toEpochMs(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * One input shape from a JSON body or a form post: strings trimmed, blanks
 * dropped, checkboxes as booleans, times as numbers. A `slot` of
 * `YYYY-MM-DD|window` (the "book this one instead" buttons) picks date and window.
 * A malformed idempotency key is dropped, never a reason to refuse a lead.
 */
export function normalizeLeadInput(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of STRING_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string') continue;
    // Windows line ends from form posts count as one character, as the browser's counter shows.
    const trimmed = value.replace(/\r\n/g, '\n').trim();
    if (trimmed !== '') out[field] = trimmed;
  }
  const consent = raw.smsConsent;
  out.smsConsent = consent === true || (typeof consent === 'string' && TRUE_WORDS.has(consent.trim().toLowerCase()));
  const startedAt = toEpochMs(raw.startedAt);
  if (startedAt !== undefined) out.startedAt = startedAt;
  const sentAt = toEpochMs(raw.sentAt);
  if (sentAt !== undefined) out.sentAt = sentAt;
  if (typeof out.idempotencyKey === 'string' && !IDEMPOTENCY_KEY.test(out.idempotencyKey)) delete out.idempotencyKey;
  // The roof estimate: JSON text from a form field, or an object in a JSON body; the schema reads either.
  const estimate = raw.estimate;
  if (typeof estimate === 'string' ? estimate.trim() !== '' : estimate !== undefined && estimate !== null) {
    out.estimate = typeof estimate === 'string' ? estimate.trim() : estimate;
  }
  if (typeof raw.slot === 'string') {
    const [date, window] = raw.slot.split('|');
    if (date && window) {
      out.preferredDate = date.trim();
      out.preferredWindow = window.trim();
    }
  }
  return out;
}
