import { describe, expect, it } from 'vitest';
import { insertMarkdown } from './enhance.ts';

describe('the text toolbar', () => {
  it('wraps the selected words in bold, keeping them selected', () => {
    const text = 'Call us today.';
    const next = insertMarkdown(text, 5, 7, 'bold');
    expect(next.text).toBe('Call **us** today.');
    expect(next.text.slice(next.start, next.end)).toBe('us');
  });

  it('starts a heading on a line of its own, with its placeholder selected to type over', () => {
    const next = insertMarkdown('Stay off the roof.', 18, 18, 'heading');
    expect(next.text).toBe('Stay off the roof.\n\n## Heading');
    expect(next.text.slice(next.start, next.end)).toBe('Heading');
  });

  it('makes each selected line a list item, and a link of the selected words', () => {
    expect(insertMarkdown('Photos\nReceipts', 0, 15, 'list').text).toBe('- Photos\n- Receipts');
    const link = insertMarkdown('see the NHC', 8, 11, 'link');
    expect(link.text).toBe('see the [NHC](https://)');
    expect(link.text.slice(0, link.start)).toBe('see the [NHC](https://');
  });
});
