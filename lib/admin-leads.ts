/**
 * The leads inbox's vocabulary: statuses, the list's
 * filters as they live in the URL (so a view can be bookmarked), and the search
 * words turned into a prefix query. Shared by the server, the admin's React and
 * the admin script.
 */
import { isCalendarDate, LEAD_KINDS, type LeadKind } from './lead-schema.ts';

export const LEAD_STATUSES = ['new', 'contacted', 'scheduled', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Each stored code as the office reads it: the word with a capital ("contacted" → "Contacted"). */
function capitalised<K extends string>(codes: readonly K[]): Record<K, string> {
  return Object.fromEntries(codes.map((code) => [code, code[0]!.toUpperCase() + code.slice(1)])) as Record<K, string>;
}

export const STATUS_LABELS: Record<LeadStatus, string> = capitalised(LEAD_STATUSES);

/** The statuses one tap sets, from the list or a lead's page ("new" comes back only by undoing). */
export const QUICK_STATUSES = ['contacted', 'scheduled', 'won', 'lost', 'spam'] as const satisfies readonly LeadStatus[];

/** An inspection is a request until the office confirms it by phone (docs/decisions/013-admin-workbench.md). */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'done', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_LABELS: Record<BookingStatus, string> = capitalised(BOOKING_STATUSES);

export const KIND_LABELS: Record<LeadKind, string> = { consultation: 'Consultation', inspection: 'Inspection' };

/** Rows per page of the list. */
export const LEADS_PAGE_SIZE = 25;
/** The longest search text looked at. */
export const SEARCH_MAX = 100;

export type AreaFilter = 'inside' | 'outside';
/** Spam is hidden unless asked for: `only` lists it alone, `include` lists it with the rest. */
export type SpamFilter = 'hide' | 'only' | 'include';

export interface LeadFilters {
  status: LeadStatus | null;
  kind: LeadKind | null;
  /** Office dates, `YYYY-MM-DD`, both included. */
  from: string | null;
  to: string | null;
  area: AreaFilter | null;
  spam: SpamFilter;
  q: string;
  page: number;
}

export const NO_FILTERS: LeadFilters = {
  status: null,
  kind: null,
  from: null,
  to: null,
  area: null,
  spam: 'hide',
  q: '',
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : null;
}

/**
 * The filters a URL's query names. Anything unknown or malformed is dropped,
 * never an error: a bookmarked view from an older version still opens.
 */
export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  const date = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return isCalendarDate(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    status: oneOf(LEAD_STATUSES, params.get('status')),
    kind: oneOf(LEAD_KINDS, params.get('kind')),
    from: date('from'),
    to: date('to'),
    area: oneOf(['inside', 'outside'] as const, params.get('area')),
    spam: oneOf(['hide', 'only', 'include'] as const, params.get('spam')) ?? 'hide',
    q: (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of `filters` (defaults left out), `?…` or ''; `page` only when asked. */
export function leadFiltersQuery(filters: LeadFilters, options: { page?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.area) params.set('area', filters.area);
  if (filters.spam !== 'hide') params.set('spam', filters.spam);
  if (filters.q) params.set('q', filters.q);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when any filter narrows the list (the default spam filter aside). */
export function isFiltered(filters: LeadFilters): boolean {
  return leadFiltersQuery({ ...filters, page: 1 }) !== '';
}

/** How many filters narrow the list, for the "Filters" button (the search box is beside it, not counted). */
export function activeFilterCount(filters: LeadFilters): number {
  return [
    filters.status,
    filters.kind,
    filters.from,
    filters.to,
    filters.area,
    filters.spam !== 'hide' ? filters.spam : null,
  ].filter((value) => value !== null).length;
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * The search text as a PostgreSQL prefix query over the leads' `search` column
 * (migration 014): every word must start a word of the name, the email, the
 * phone's digits or the ZIP. A phone number typed with punctuation is one word
 * of digits. Only letters, digits and `@ . _ -` inside a word survive, so the
 * result is always a valid tsquery; null when nothing searchable is left.
 */
/**
 * The booking reference a search names, as stored (`K7QM-3XP9`), or null: the office
 * quotes it on the phone, with or without the hyphen, in any case.
 */
export function searchReference(text: string): string | null {
  const compact = text.trim().toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9A-HJKMNP-TV-Z]{8}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : null;
}

export function searchQuery(text: string): string | null {
  const trimmed = text.trim().slice(0, SEARCH_MAX);
  if (trimmed === '') return null;
  let words: string[];
  if (PHONE_LIKE.test(trimmed) && /\d{3}/.test(trimmed.replace(/\D/g, ''))) {
    words = [trimmed.replace(/\D/g, '')];
  } else {
    words = trimmed
      .toLowerCase()
      .split(/[^\p{L}\p{N}@._-]+/u)
      .map((word) => word.replace(/^[@._-]+|[@._-]+$/g, ''))
      .filter((word) => word !== '');
  }
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length ? unique.map((word) => `'${word}':*`).join(' & ') : null;
}

/** The dashboard's question every few seconds: the newest lead's id (GET, guarded). */
export const LATEST_LEAD_PATH = '/api/admin/leads/latest';
