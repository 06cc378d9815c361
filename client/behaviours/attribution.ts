import { LEAD_FIELD_MAX } from '../../lib/lead-fields.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';

/**
 * Where a visitor came from: the first
 * page of the visit, the referring site, UTM parameters and the Google Ads click ids (gclid, gbraid, wbraid). Kept in
 * sessionStorage for the tab's visit, so a form filled three pages later still
 * knows the landing page. No React; safe to call from the entry on every page.
 */
export const ATTRIBUTION_KEY = STORAGE_KEYS.leadAttribution;

export interface Attribution {
  landingPage?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
}

const PARAMS: [keyof Attribution, string][] = [
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
  ['utmTerm', 'utm_term'],
  ['utmContent', 'utm_content'],
  ['gclid', 'gclid'],
  ['gbraid', 'gbraid'],
  ['wbraid', 'wbraid'],
];

/** What this page load says about the visit's source (pure: tests pass the values). */
export function attributionFrom(href: string, referrer: string): Attribution {
  const url = new URL(href);
  const found: Attribution = { landingPage: href.slice(0, LEAD_FIELD_MAX.landingPage) };
  // Our own pages are not a source.
  if (referrer && new URL(referrer, href).origin !== url.origin) found.referrer = referrer.slice(0, LEAD_FIELD_MAX.referrer);
  for (const [key, param] of PARAMS) {
    const value = url.searchParams.get(param);
    if (value) found[key] = value.slice(0, LEAD_FIELD_MAX[key]);
  }
  return found;
}

function hasCampaign(a: Attribution): boolean {
  return PARAMS.some(([key]) => Boolean(a[key]));
}

function read(): Attribution | null {
  try {
    const text = sessionStorage.getItem(ATTRIBUTION_KEY);
    return text ? (JSON.parse(text) as Attribution) : null;
  } catch {
    return null;
  }
}

/**
 * Records the visit's source on its first page; a later page that arrives with
 * campaign parameters (a second ad click in the same tab) replaces it.
 * Returns what is recorded.
 */
export function captureAttribution(): Attribution {
  const saved = read();
  const here = attributionFrom(location.href, document.referrer);
  if (saved && !hasCampaign(here)) return saved;
  try {
    sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(here));
  } catch {
    // Storage blocked: the form sends what this page knows.
  }
  return here;
}
