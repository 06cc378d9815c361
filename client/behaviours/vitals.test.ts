import { describe, expect, it } from 'vitest';
import { vitalsEvent } from './vitals.ts';

describe('the data-layer event of a web-vitals report', () => {
  it('is named by the metric, labelled with its id, with the change rounded', () => {
    expect(vitalsEvent({ name: 'LCP', delta: 1834.6, id: 'v6-1-2' })).toEqual({
      event: 'LCP',
      event_category: 'Web Vitals',
      event_label: 'v6-1-2',
      value: 1835,
      non_interaction: true,
    });
    expect(vitalsEvent({ name: 'TTFB', delta: 88.4, id: 'v6-3' }).value).toBe(88);
  });

  it('multiplies CLS by 1000 before rounding, so small scores survive', () => {
    expect(vitalsEvent({ name: 'CLS', delta: 0.0426, id: 'v6-4' }).value).toBe(43);
    expect(vitalsEvent({ name: 'CLS', delta: 0.0004, id: 'v6-5' }).value).toBe(0);
  });
});
