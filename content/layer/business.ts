/**
 * The business facts as the owner publishes them from /admin/business, laid over
 * content/site.ts: the build reads `business.json` from the overlay folder
 * (CONTENT_OVERLAY_DIR, else <DATA_DIR>/owner-content when it exists), checks it with
 * the schema the admin uses and writes its values into `site` before any page
 * renders (docs/decisions/061-owner-content-and-publishing.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { businessFactsSchema, CLAIM_KEYS, PROMISE_KEYS, type BusinessFacts } from '../../lib/business-facts.ts';
import { office, site } from '../site.ts';
import { CONTENT_DIR, ContentError } from './content.ts';
import { overlayDir } from './overlay-dir.ts';

export { overlayDir };

/** The file of the overlay folder that holds the business facts. */
export const BUSINESS_FILE = 'business.json';
/** The file naming the published version the overlay is. */
export const STAMP_FILE = 'stamp.json';

/** The facts content/site.ts holds now (with any overlay already applied), in the admin's shape. */
export function businessFactsOf(): BusinessFacts {
  return {
    name: site.name,
    legalName: { ...site.legalName },
    phone: site.phone,
    email: site.email,
    address: { street: site.address.street, city: site.address.city, region: site.address.region, zip: site.address.zip },
    hours: { ...site.hours },
    licenseNumber: site.licenseNumber,
    social: site.social.map((s) => ({ name: s.name, url: s.url })),
    serviceArea: site.serviceArea,
    foundedYear: site.foundedYear,
    financingTerms: { months: [...site.financingTerms.months], confirmed: site.financingTerms.confirmed },
    // The file states each claim without a confirmation: the owner confirms them in the admin.
    claims: Object.fromEntries(
      CLAIM_KEYS.map((key) => [key, { value: site.claims[key], confirmed: false }]),
    ) as BusinessFacts['claims'],
    promises: Object.fromEntries(
      PROMISE_KEYS.map((key) => [key, { value: site.promises[key].value, confirmed: site.promises[key].confirmed }]),
    ) as BusinessFacts['promises'],
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

/**
 * Writes `facts` into `site`, in place: pages that took a nested object at import
 * (`const { callBack } = site.promises`) see the new values too.
 */
export function applyBusinessFacts(facts: BusinessFacts): void {
  const s = site as unknown as Mutable<typeof site> & { social: { name: string; url: string }[] };
  s.name = facts.name as never;
  Object.assign(s.legalName, facts.legalName);
  s.phone = facts.phone as never;
  s.email = facts.email as never;
  Object.assign(s.address, facts.address);
  Object.assign(s.hours, facts.hours);
  s.licenseNumber = facts.licenseNumber as never;
  s.social.splice(0, s.social.length, ...facts.social.map((p) => ({ ...p })));
  s.serviceArea = facts.serviceArea as never;
  s.foundedYear = facts.foundedYear as never;
  Object.assign(s.financingTerms, { months: [...facts.financingTerms.months], confirmed: facts.financingTerms.confirmed });
  for (const key of CLAIM_KEYS) (s.claims as Record<string, string>)[key] = facts.claims[key].value;
  for (const key of PROMISE_KEYS) Object.assign(s.promises[key], facts.promises[key]);
  // The lead and report islands' contact block was computed from `site` when site.ts loaded.
  office.phone = facts.phone;
  office.email = facts.email;
}

export interface Overlay {
  dir: string;
  /** The published version the folder holds (its stamp), or null for one written by hand. */
  stamp: string | null;
  business: BusinessFacts | null;
}

/**
 * Reads and checks the overlay folder. Throws ContentError naming the file and each
 * bad field, in the build's usual words.
 */
export function readOverlay(dir: string): Overlay {
  const file = (name: string) => path.join(dir, name);
  const shown = (name: string) => path.relative(path.dirname(CONTENT_DIR), file(name)) || file(name);
  const json = (name: string): unknown => {
    if (!fs.existsSync(file(name))) return undefined;
    try {
      return JSON.parse(fs.readFileSync(file(name), 'utf8'));
    } catch (error) {
      throw new ContentError([`${shown(name)}: not valid JSON (${(error as Error).message})`]);
    }
  };
  const stampValue = json(STAMP_FILE) as { stamp?: unknown } | undefined;
  const stamp = typeof stampValue?.stamp === 'string' ? stampValue.stamp : null;
  const raw = json(BUSINESS_FILE);
  if (raw === undefined) return { dir, stamp, business: null };
  const parsed = businessFactsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ContentError(
      parsed.error.issues.map((issue) => `${shown(BUSINESS_FILE)}: ${issue.path.join('.') || '(the file)'}: ${issue.message}`),
    );
  }
  return { dir, stamp, business: parsed.data };
}

/** Reads the overlay the environment names and applies it; returns what it applied (null: no overlay). */
export function applyOverlay(env: Record<string, string | undefined> = process.env): Overlay | null {
  const dir = overlayDir(env);
  if (!dir) return null;
  const overlay = readOverlay(dir);
  if (overlay.business) applyBusinessFacts(overlay.business);
  return overlay;
}
