import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consentDefaults, hashedUserData, leadValue, normalizeEmail, normalizePhoneE164 } from './data-layer.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the data layer for the tags', () => {
  it('normalises an email (trimmed, lower-case) and a US phone (E.164) before hashing', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(normalizePhoneE164('(912) 555-0170')).toBe('+19125550170');
    expect(normalizePhoneE164('1-912-555-0170')).toBe('+19125550170');
    expect(normalizePhoneE164('555-12')).toBeNull();
  });

  it('hashes both with SHA-256 and carries nothing in clear text', async () => {
    const data = await hashedUserData({ email: ' Jane@Example.com', phone: '912.555.0170' });
    expect(data).toEqual({
      sha256_email_address: sha256('jane@example.com'),
      sha256_phone_number: sha256('+19125550170'),
    });
    expect(JSON.stringify(data)).not.toMatch(/jane|555/i);
    expect(await hashedUserData({ phone: '912-555-0170' })).toEqual({ sha256_phone_number: sha256('+19125550170') });
    expect(await hashedUserData({ email: '', phone: '12' })).toBeNull();
  });

  it("values a lead at its estimate's midpoint, and leaves an unpriced one without a value", () => {
    expect(leadValue({ low: 12_000, high: 18_001 })).toBe(15_001);
    expect(leadValue({ low: null, high: null })).toBeUndefined();
    expect(leadValue(null)).toBeUndefined();
  });

  it('denies ad_user_data and ad_personalization by default under Global Privacy Control', () => {
    expect(consentDefaults(false)).toMatchObject({ ad_user_data: 'granted', ad_personalization: 'granted' });
    expect(consentDefaults(true)).toEqual({
      ad_storage: 'granted',
      analytics_storage: 'granted',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
  });
});
