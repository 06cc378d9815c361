/**
 * The business facts the owner edits in /admin/business, in one shape with one zod
 * schema: the build checks the values of content/site.ts and of the owner's published
 * overlay with it, and the admin checks a draft with it before saving or publishing
 * (docs/decisions/061-owner-content-and-publishing.md). Plain: no React, no Node.
 */
import { z } from 'zod';

export const CLAIM_KEYS = [
  'roofsProtected',
  'rating',
  'stormResponse',
  'onSite',
  'sameDayEstimates',
  'licensed',
  'financing',
] as const;
export type ClaimKey = (typeof CLAIM_KEYS)[number];

export const PROMISE_KEYS = ['callBack', 'nailSweep', 'photoReport', 'insuranceCertificate'] as const;
export type PromiseKey = (typeof PROMISE_KEYS)[number];

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Fill this in.')
    .max(max, `Keep it to ${max} characters.`)
    .refine((v) => !/[<>]/.test(v), 'Leave out < and >.');

const confirmable = (max: number) => z.object({ value: text(max), confirmed: z.boolean() });

const httpsUrl = z
  .string()
  .trim()
  .max(300, 'Keep it to 300 characters.')
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Give the profile’s address starting with https://.');

/** A US number written any way, kept as (912) 555-0142. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine((digits) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits), 'Give a 10-digit US phone number, such as (912) 555-0100.')
  .transform((d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`);

export const businessFactsSchema = z.object({
  name: text(100),
  legalName: confirmable(150),
  phone: phoneSchema,
  email: z
    .string()
    .trim()
    .max(200, 'Keep it to 200 characters.')
    .pipe(z.email('Give an email address, such as office@yourroofing.com.')),
  address: z.object({
    street: text(150),
    city: text(80),
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Give the two-letter state, such as GA.'),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'Give the five-digit ZIP code.'),
  }),
  hours: confirmable(200),
  licenseNumber: z
    .string()
    .trim()
    .max(40, 'Keep it to 40 characters.')
    .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits and dashes only.'),
  social: z.array(z.object({ name: text(40), url: httpsUrl })).max(10, 'At most 10 profiles.'),
  serviceArea: text(200),
  foundedYear: z.coerce
    .number()
    .int('Give a year, such as 2023.')
    .min(1900, 'Give a year, such as 2023.')
    .max(2100, 'Give a year, such as 2023.'),
  financingTerms: z.object({
    months: z
      .array(z.coerce.number().int().min(1, 'A term is at least 1 month.').max(360, 'A term is at most 360 months.'))
      .min(1, 'Give at least one term, such as 12.')
      .max(10, 'At most 10 terms.'),
    confirmed: z.boolean(),
  }),
  claims: z.object(
    Object.fromEntries(CLAIM_KEYS.map((key) => [key, confirmable(120)])) as Record<ClaimKey, ReturnType<typeof confirmable>>,
  ),
  promises: z.object(
    Object.fromEntries(PROMISE_KEYS.map((key) => [key, confirmable(300)])) as Record<PromiseKey, ReturnType<typeof confirmable>>,
  ),
});

export type BusinessFacts = z.infer<typeof businessFactsSchema>;

/** Plain words for each claim, for the admin and the change history. */
export const CLAIM_LABELS: Record<ClaimKey, string> = {
  roofsProtected: 'Roofs protected',
  rating: 'Rating',
  stormResponse: 'Storm response',
  onSite: 'On site within',
  sameDayEstimates: 'Same-day estimates',
  licensed: 'Licensed and insured',
  financing: 'Financing',
};

export const PROMISE_LABELS: Record<PromiseKey, string> = {
  callBack: 'Calling back',
  nailSweep: 'Sweeping for nails',
  photoReport: 'Photos of the roof',
  insuranceCertificate: 'Certificate of insurance',
};

/** A profile address still holding the template's placeholder (…/example, …/@example). */
const PLACEHOLDER_PROFILE = /\/(example|@example)$/;

/** Hosts of a Google Business Profile or Maps address (the maps.app.goo.gl and g.page short links too). */
const GOOGLE_PROFILE_HOST = /(^|\.)(google\.[a-z.]+|g\.page|goo\.gl)$/;

/**
 * The business's Google profile from its profile links (one named Google, or on a Google
 * address), when it is a real one; null while there is none or only the placeholder.
 */
export function googleProfileUrl(social: readonly { name: string; url: string }[]): string | null {
  for (const s of social) {
    if (PLACEHOLDER_PROFILE.test(s.url) || !URL.canParse(s.url)) continue;
    const url = new URL(s.url);
    if (url.protocol === 'https:' && (/google/i.test(s.name) || GOOGLE_PROFILE_HOST.test(url.hostname))) return url.href;
  }
  return null;
}

export interface BusinessPlaceholder {
  /** The fact's path in BusinessFacts (`address.street`, `social.Facebook`, `promises.callBack`). */
  field: string;
  value: string;
  why: string;
  /** What on the site the placeholder holds back or shows wrong, in plain words. */
  affects: string;
}

/** Every fact still holding a placeholder value: a 555-01xx phone, an example.com address, an unconfirmed value. */
export function businessPlaceholders(facts: BusinessFacts, defaultName?: string): BusinessPlaceholder[] {
  const found: BusinessPlaceholder[] = [];
  const check = (field: string, value: string, bad: boolean, why: string, affects: string) => {
    if (bad) found.push({ field, value, why, affects });
  };
  const every = 'every page’s call buttons, the footer and the search engines’ business details';
  check('phone', facts.phone, /555-01\d\d/.test(facts.phone), '555-01xx is the range reserved for fiction', every);
  check(
    'email',
    facts.email,
    /@example\.(com|org|net)$/.test(facts.email),
    'example.com is a reserved domain',
    'the contact page, the footer and the office’s lead emails',
  );
  check(
    'address.street',
    facts.address.street,
    /to be confirmed/i.test(facts.address.street),
    'street not provided',
    'the footer, the contact page and the search engines’ business details (left out until given)',
  );
  check(
    'licenseNumber',
    facts.licenseNumber || '(empty)',
    facts.licenseNumber === '',
    'licence number not provided',
    'the licence line in the footer and on the about page',
  );
  for (const s of facts.social) {
    check(`social.${s.name}`, s.url, PLACEHOLDER_PROFILE.test(s.url), 'profile URL not provided', 'the footer’s profile links');
  }
  if (defaultName !== undefined) {
    check('name', facts.name, facts.name === defaultName, 'business name not confirmed by the owner', 'every page');
  }
  check(
    'legalName',
    facts.legalName.value,
    !facts.legalName.confirmed,
    'legal name not confirmed: the footer shows the trading name',
    'the footer’s copyright line',
  );
  check(
    'hours',
    facts.hours.value,
    !facts.hours.confirmed,
    'office hours not confirmed: no page prints them',
    'the contact page',
  );
  check(
    'financingTerms',
    `${facts.financingTerms.months.join(', ')} months`,
    !facts.financingTerms.confirmed,
    'financing terms not confirmed: /financing shows them as placeholders',
    'the financing page and its payment estimator',
  );
  for (const key of PROMISE_KEYS) {
    const promise = facts.promises[key];
    check(
      `promises.${key}`,
      promise.value,
      !promise.confirmed,
      'not confirmed: no page states it',
      'the pages that would state it',
    );
  }
  return found;
}

/** The claims not confirmed true today: a publish refuses them (the site states each as fact). */
export function unconfirmedClaims(facts: BusinessFacts): ClaimKey[] {
  return CLAIM_KEYS.filter((key) => !facts.claims[key].confirmed);
}

/** One line per fact that differs, "Phone: (912) 555-0142 → (912) 555-0199", for the history. */
export function describeChanges(before: BusinessFacts | null, after: BusinessFacts): string[] {
  if (!before) return ['First version published from the admin'];
  const lines: string[] = [];
  const flat = (facts: BusinessFacts) => {
    const out = new Map<string, string>();
    const walk = (prefix: string, value: unknown) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
      } else if (Array.isArray(value)) {
        // A database hands objects back with their keys in its own order: compare what they say, not their JSON.
        const item = (v: unknown) =>
          v && typeof v === 'object'
            ? [...Object.entries(v)]
                .sort(([a], [b]) => (a < b ? 1 : -1))
                .map(([, x]) => String(x))
                .join(' ')
            : String(v);
        out.set(prefix, value.map(item).join(', ') || '(none)');
      } else out.set(prefix, String(value));
    };
    walk('', facts);
    return out;
  };
  const a = flat(before);
  const b = flat(after);
  for (const [key, value] of b) {
    if (a.get(key) !== value) lines.push(`${factLabel(key)}: ${a.get(key) ?? '(none)'} → ${value}`);
  }
  for (const key of a.keys()) if (!b.has(key)) lines.push(`${factLabel(key)}: removed`);
  return lines;
}

const FACT_NAMES: Record<string, string> = {
  name: 'Business name',
  legalName: 'Legal name',
  phone: 'Phone',
  email: 'Email',
  hours: 'Office hours',
  licenseNumber: 'Licence number',
  serviceArea: 'Service area',
  foundedYear: 'Founded in',
  financingTerms: 'Financing terms',
};
const ADDRESS_NAMES: Record<string, string> = { street: 'street', city: 'city', region: 'state', zip: 'ZIP code' };

/** Plain words for a fact's path: `claims.rating.confirmed` → "Claim “Rating”, confirmed". */
export function factLabel(pathName: string): string {
  const parts = pathName.split('.');
  const [head = '', key = ''] = parts;
  const confirmed = parts.length > 1 && parts.at(-1) === 'confirmed' ? ', confirmed' : '';
  if (head === 'claims') return `Claim “${CLAIM_LABELS[key as ClaimKey] ?? key}”${confirmed}`;
  if (head === 'promises') return `Promise “${PROMISE_LABELS[key as PromiseKey] ?? key}”${confirmed}`;
  if (head === 'social') return key ? `${key} profile` : 'Social profiles';
  if (head === 'address') return `Address, ${ADDRESS_NAMES[key] ?? key}`;
  return `${FACT_NAMES[head] ?? pathName}${confirmed}`;
}
