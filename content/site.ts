/**
 * The business facts file: the only home of the name, phone, email, address,
 * service area, radius and the claims the site makes.
 *
 * Values the owner has not confirmed yet are placeholders: a 555-01xx phone
 * (the range reserved for fiction), an example.com email and a street marked
 * "to be confirmed". `listPlaceholders()` finds them, the build warns about them
 * and /seo-completion-checklist lists them.
 */
import {
  fullAddress as addressLine,
  officeContact,
  smsHref as smsLink,
  telHref as telLink,
  type OfficeContact,
  type SiteFacts,
} from '../lib/site-facts.ts';
import { businessPlaceholders, type BusinessFacts } from '../lib/business-facts.ts';

/**
 * A fact or promise the owner has not confirmed yet: the
 * build warns about it, /seo-completion-checklist lists it, and no page prints
 * it as fact until `confirmed` is true.
 */
export interface Unconfirmed {
  value: string;
  confirmed: boolean;
}

/**
 * A promise about how the business works. `statedBy` matches the words that
 * would state it in our own voice ("we sweep…"): the content tests refuse them
 * on any page while it is unconfirmed. Describing good practice ("ask whether
 * the crew sweeps for nails") is not a promise.
 */
export interface BusinessPromise extends Unconfirmed {
  statedBy: readonly RegExp[];
}

export const site = {
  name: 'Savannah Family Roofing',
  legalName: { value: 'Savannah Family Roofing LLC', confirmed: false } as Unconfirmed,
  url: 'https://www.savannahfamilyroofing.example.com',
  phone: '(912) 555-0142',
  /** One number serves as office and emergency line. */
  get emergencyPhone(): string {
    return this.phone;
  },
  email: 'office@example.com',
  address: {
    street: 'Street address to be confirmed',
    city: 'Savannah',
    region: 'GA',
    zip: '31405',
    country: 'US',
  },
  serviceArea: 'Savannah, Chatham County and the Georgia coast within 75 miles',
  radiusMiles: 75,
  timeZone: 'America/New_York',
  foundedYear: 2023,
  claims: {
    roofsProtected: '400+',
    rating: '5.0',
    stormResponse: '24/7',
    onSite: 'On-site within 24 hours for most Savannah-area addresses',
    sameDayEstimates: 'Same-day estimates with no obligation',
    licensed: 'Licensed and insured in the State of Georgia',
    financing: '0% financing available for qualified homeowners',
  },
  /** Georgia residential/general contractor licence number; empty until the owner provides it. */
  licenseNumber: '',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/example' },
    { name: 'Instagram', url: 'https://www.instagram.com/example' },
    { name: 'YouTube', url: 'https://www.youtube.com/@example' },
  ],
  /**
   * The loan terms (months) the /financing payment estimator offers. Placeholders:
   * the owner has not named a financing provider or confirmed its terms, so the
   * page says so, names no lender and quotes no rate.
   */
  financingTerms: { months: [12, 24, 36, 60, 120], confirmed: false } as { months: readonly number[]; confirmed: boolean },
  /** Office hours; the storm line's 24/7 is the claim above. */
  hours: { value: 'Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm', confirmed: false } as Unconfirmed,
  /** How the business works, as the owner has described it but not yet confirmed. */
  promises: {
    callBack: {
      value: 'If we miss your call, we call you back the same business day.',
      confirmed: false,
      statedBy: [
        /\bwe(?:'ll| will)? (?:call|ring) (?:you )?back\b/i,
        /\bwe return every call\b/i,
        /\bwe (?:answer|respond|reply)\b[^.]{0,40}\bsame (?:business )?day\b/i,
      ],
    },
    nailSweep: {
      value: 'After every job we sweep the yard and driveway with a magnet for nails.',
      confirmed: false,
      statedBy: [/\bwe(?:'ll| will)? (?:sweep|run a magnet|use a magnet)/i, /\bour magnet/i, /\bclean up every nail\b/i],
    },
    photoReport: {
      value: 'We photograph the roof before, during and after the work and send you the photos.',
      confirmed: false,
      statedBy: [
        /\bwe(?:'ll| will)? photograph\b/i,
        /\bphotograph what we find\b/i,
        /\bphotos of every problem we find\b/i,
        /\bwe(?:'ll| will)? send you (?:the )?photos\b/i,
      ],
    },
    requestCall: {
      value: 'We call you within one business day of your request.',
      confirmed: false,
      statedBy: [/\bwe(?:'ll| will)? call (?:you )?(?:back )?within\b/i, /\bwithin one business day of your request\b/i],
    },
    insuranceCertificate: {
      value: 'We show a certificate of insurance on request.',
      confirmed: false,
      statedBy: [/\bwe(?:'ll| will)? (?:show|provide|send) (?:a |our )?certificates? of insurance\b/i],
    },
  } satisfies Record<string, BusinessPromise>,
} as const satisfies SiteFacts & Record<string, unknown>;

export type Site = typeof site;

/** The facts the server and islands are handed (through dist/ and props), never importing this file. */
export function siteFacts(): SiteFacts {
  const { name, url, phone, emergencyPhone, email, address, serviceArea, radiusMiles, timeZone, foundedYear } = site;
  const { requestCall } = site.promises;
  return {
    name,
    url,
    phone,
    emergencyPhone,
    email,
    address: { ...address },
    serviceArea,
    radiusMiles,
    timeZone,
    foundedYear,
    requestCall: requestCall.confirmed ? requestCall.value : null,
  };
}

/** The office's phone, email and time zone, as the lead and report islands take them. */
export const office: OfficeContact = officeContact(site);

/** `tel:` link for the business phone (lib/site-facts.ts for any other number). */
export const telHref = (phone: string = site.phone): string => telLink(phone);

/** `sms:` link to the business phone with an optional prefilled body. */
export const smsHref = (body?: string): string => smsLink(site.phone, body);

export const fullAddress = (): string => addressLine(site.address);

export interface Placeholder {
  field: string;
  value: string;
  why: string;
}

/** Every business fact still holding a placeholder value (the rules are lib/business-facts.ts's, shared with the admin). */
export function listPlaceholders(): Placeholder[] {
  const found: Placeholder[] = businessPlaceholders(businessFactsOfSite(), DEFAULT_NAME).map(({ field, value, why }) => ({
    field,
    value,
    why,
  }));
  if (/\.example\.com$/.test(new URL(site.url).hostname)) {
    const at = found.findIndex((p) => p.field !== 'phone' && p.field !== 'email');
    found.splice(at === -1 ? found.length : at, 0, { field: 'url', value: site.url, why: 'the production domain is not set' });
  }
  return found;
}

/** The name the repository ships with: until the owner changes or confirms it, it is a placeholder. */
const DEFAULT_NAME = 'Savannah Family Roofing';

/** The facts the placeholder rules read; claims are not among them. */
function businessFactsOfSite(): BusinessFacts {
  return {
    ...site,
    address: { ...site.address },
    social: site.social.map((s) => ({ ...s })),
    financingTerms: { months: [...site.financingTerms.months], confirmed: site.financingTerms.confirmed },
    claims: {} as BusinessFacts['claims'],
    promises: site.promises,
  };
}
