import { describe, expect, it } from 'vitest';
import { refusalText } from './enhance.ts';

describe('a refused settings save', () => {
  it('says "Not saved" once, whether or not the server already said it', () => {
    expect(refusalText('Not saved: A pixel snippet is at most 10,000 characters.')).toBe(
      'Not saved: A pixel snippet is at most 10,000 characters. What you typed is still here.',
    );
    expect(refusalText('Check the highlighted fields.')).toBe(
      'Not saved: Check the highlighted fields. What you typed is still here.',
    );
    expect(refusalText(undefined)).toBe('Not saved: the server refused it. What you typed is still here.');
  });
});
