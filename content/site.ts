/**
 * The business facts file: the only home of the name, phone, email, address,
 * service area, radius and the claims the site makes (DECISIONS.md "Business facts").
 *
 * Values the owner has not confirmed yet are placeholders: a 555-01xx phone
 * (the range reserved for fiction), an example.com email and a street marked
 * "to be confirmed". `listPlaceholders()` finds them, the build warns about them
 * and /seo-completion-checklist lists them.
 */
export const site = {
  name: 'Savannah Family Roofing',
  legalName: 'Savannah Family Roofing LLC',
  url: 'https://www.savannahfamilyroofing.example.com',
  phone: '(912) 555-0142',
  /** SPEC.md section 1: one number serves as office and emergency line. */
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
  hours: 'Office Mon–Fri 8am–6pm, Sat 9am–1pm; storm line 24/7',
} as const;

export type Site = typeof site;

/** `tel:` link for the single phone number, in E.164. */
export function telHref(phone: string = site.phone): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** `sms:` link with an optional prefilled body. */
export function smsHref(body?: string, phone: string = site.phone): string {
  const base = telHref(phone).replace('tel:', 'sms:');
  return body ? `${base}?&body=${encodeURIComponent(body)}` : base;
}

export function fullAddress(): string {
  const a = site.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.zip}`;
}

export interface Placeholder {
  field: string;
  value: string;
  why: string;
}

/** Every business fact still holding a placeholder value. */
export function listPlaceholders(): Placeholder[] {
  const found: Placeholder[] = [];
  const check = (field: string, value: string, bad: boolean, why: string) => {
    if (bad) found.push({ field, value, why });
  };
  check('phone', site.phone, /555-01\d\d/.test(site.phone), '555-01xx is the range reserved for fiction');
  check('email', site.email, /@example\.(com|org|net)$/.test(site.email), 'example.com is a reserved domain');
  check('url', site.url, /\.example\.com$/.test(new URL(site.url).hostname), 'the production domain is not set');
  check('address.street', site.address.street, /to be confirmed/i.test(site.address.street), 'street not provided');
  check('licenseNumber', site.licenseNumber || '(empty)', site.licenseNumber === '', 'licence number not provided');
  for (const s of site.social) {
    check(`social.${s.name}`, s.url, /\/(example|@example)$/.test(s.url), 'profile URL not provided');
  }
  check('name', site.name, site.name === 'Savannah Family Roofing', 'business name not confirmed by the owner');
  return found;
}
