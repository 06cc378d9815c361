import { describe, expect, it } from 'vitest';
import { attributionFrom } from '../behaviours/attribution.ts';
import { fallbackSms, submissionSignature } from './lead-client.ts';

describe('the lead forms in the browser', () => {
  it('prefills the text message with what the visitor typed', () => {
    expect(
      fallbackSms('inspection', {
        name: 'Jane Doe',
        phone: '912-555-0142',
        streetAddress: '12 Oak St',
        zip: '31405',
        preferredDate: '2026-12-01',
        preferredWindow: 'morning',
        message: 'Leak by the chimney',
      }),
    ).toBe(
      'Hi, I would like to book a free roof inspection. Name: Jane Doe. Phone: 912-555-0142. Address: 12 Oak St. ZIP: 31405. Preferred: Tue, Dec 1, morning. Leak by the chimney',
    );
    expect(fallbackSms('consultation', {})).toBe('Hi, I would like a free roof consultation.');
  });

  it('treats a resend of the same values as the same submission, whatever the timing', () => {
    const a = submissionSignature({ name: 'A', phone: '1', startedAt: 1, sentAt: 2, idempotencyKey: 'k1' });
    expect(submissionSignature({ phone: '1', name: 'A', startedAt: 5, sentAt: 9, idempotencyKey: 'k2' })).toBe(a);
    expect(submissionSignature({ name: 'B', phone: '1' })).not.toBe(a);
  });

  it('captures the landing page, an outside referrer, UTM parameters and gclid', () => {
    expect(
      attributionFrom(
        'https://www.example.com/services/roof-repairs?utm_source=google&utm_medium=cpc&utm_campaign=storm&gclid=Cj0',
        'https://www.google.com/',
      ),
    ).toEqual({
      landingPage: 'https://www.example.com/services/roof-repairs?utm_source=google&utm_medium=cpc&utm_campaign=storm&gclid=Cj0',
      referrer: 'https://www.google.com/',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'storm',
      gclid: 'Cj0',
    });
    expect(attributionFrom('https://www.example.com/contact', 'https://www.example.com/')).toEqual({
      landingPage: 'https://www.example.com/contact',
    });
  });
});
