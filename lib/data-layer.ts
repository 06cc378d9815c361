/**
 * What the lead forms put in the data layer for the marketing agency's tags
 * (docs/data-layer.md): the events' shapes, and the visitor's email and phone
 * normalised and SHA-256 hashed for Google Ads enhanced conversions. Nothing
 * unhashed about the visitor goes to the data layer. Plain: Web Crypto is in
 * browsers and in Node alike.
 */

/** Trimmed and lower-cased, as Google's enhanced conversions expect before hashing. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A US number written any way, in E.164 (+19125550142); null when it is not one. */
export function normalizePhoneE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Google's `user_data` keys for hashed values. */
export interface HashedUserData {
  sha256_email_address?: string;
  sha256_phone_number?: string;
}

/**
 * The visitor's email and phone, normalised and hashed; null when neither is usable or
 * Web Crypto is missing (a page not served over https), so nothing is sent rather than clear text.
 */
export async function hashedUserData(contact: { email?: string; phone?: string }): Promise<HashedUserData | null> {
  if (!globalThis.crypto?.subtle) return null;
  const data: HashedUserData = {};
  const email = contact.email ? normalizeEmail(contact.email) : '';
  if (email.includes('@')) data.sha256_email_address = await sha256Hex(email);
  const phone = contact.phone ? normalizePhoneE164(contact.phone) : null;
  if (phone) data.sha256_phone_number = await sha256Hex(phone);
  return Object.keys(data).length ? data : null;
}

/** A lead's value for the conversion: the midpoint of the roof estimate it carries, when priced. */
export function leadValue(estimate: { low: number | null; high: number | null } | null | undefined): number | undefined {
  if (!estimate || estimate.low === null || estimate.high === null) return undefined;
  return Math.round((estimate.low + estimate.high) / 2);
}

/**
 * Consent Mode v2 defaults, set before the container loads: granted, except that a
 * browser sending Global Privacy Control gets ad_user_data and ad_personalization
 * denied (docs/decisions/056-consent-mode-defaults.md).
 */
export function consentDefaults(globalPrivacyControl: boolean): Record<string, 'granted' | 'denied'> {
  const ads = globalPrivacyControl ? 'denied' : 'granted';
  return {
    ad_storage: 'granted',
    analytics_storage: 'granted',
    ad_user_data: ads,
    ad_personalization: ads,
  };
}
