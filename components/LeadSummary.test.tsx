import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import LeadSummary, { type LeadSummaryData } from './LeadSummary.tsx';

const booking: LeadSummaryData = {
  kind: 'inspection',
  reference: 'AB12-CD34',
  phone: '9125550170',
  zip: '31401',
  streetAddress: '7 Bull St',
  preferredDate: '2026-12-03',
  preferredWindow: 'morning',
  outsideServiceArea: false,
  distanceMiles: 2,
};
const site = { phone: '(912) 555-0142', radiusMiles: 75 };
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('the booking summary', () => {
  it('says when the office calls once the owner has confirmed it', () => {
    const html = renderToString(
      <LeadSummary lead={booking} site={{ ...site, requestCall: 'We call you within one business day of your request.' }} />,
    );
    expect(text(html)).toContain('We will call(912) 555-0170 We call you within one business day of your request.');
  });

  it('names no time while the promise is unconfirmed, and offers the calendar file and the phone', () => {
    const html = renderToString(<LeadSummary lead={booking} site={{ ...site, requestCall: null }} />);
    expect(text(html)).toContain('We will call(912) 555-0170Add to my calendar');
    expect(html).not.toContain('business day');
    expect(html).toContain('Add to my calendar (.ics)');
    expect(html).toContain('href="tel:+19125550142"');
  });
});
