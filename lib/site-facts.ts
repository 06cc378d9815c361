/**
 * The shape of the business facts. Their one home is content/site.ts; the build
 * hands them to the server through dist/ (lib/server-data.ts) and to islands as
 * props, so neither reads content/ at run time (docs/decisions/043-server-runs-from-dist.md).
 */
export interface SiteFacts {
  name: string;
  /** The production origin; SITE_URL overrides it at build time. */
  url: string;
  phone: string;
  /** The owner's one number serves as office and emergency line, so this equals `phone`. */
  emergencyPhone: string;
  email: string;
  address: { street: string; city: string; region: string; zip: string; country: string };
  serviceArea: string;
  radiusMiles: number;
  /** The office's IANA time zone: it decides "tomorrow", Sundays and the arrival windows. */
  timeZone: string;
  foundedYear: number;
  /**
   * When the office calls after a request ("We call you within one business day…"), once the
   * owner has confirmed it; null until then, and the confirmation pages name no time.
   */
  requestCall?: string | null;
}

/** What an island needs to show the office's contact details and calendar. */
export interface OfficeContact {
  phone: string;
  email: string;
  timeZone: string;
}

export function officeContact(facts: Pick<SiteFacts, 'phone' | 'email' | 'timeZone'>): OfficeContact {
  return { phone: facts.phone, email: facts.email, timeZone: facts.timeZone };
}

/** `tel:` link for a US phone number written any way, in E.164. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** `sms:` link with an optional prefilled body. */
export function smsHref(phone: string, body?: string): string {
  const base = telHref(phone).replace('tel:', 'sms:');
  return body ? `${base}?&body=${encodeURIComponent(body)}` : base;
}

/** "Street, City, GA 31405". */
export function fullAddress(address: SiteFacts['address']): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.zip}`;
}
