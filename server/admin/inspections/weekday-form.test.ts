import { describe, expect, it } from 'vitest';
import { weekdaySchema } from './weekday-form.ts';

describe('the weekday capacity form', () => {
  it('reads numbers, 0 as closed, and an empty box as the usual number', () => {
    const parsed = weekdaySchema.parse({ '1-morning': ' 2 ', '1-afternoon': '0', '2-morning': '', '6-afternoon': '100' });
    expect(parsed[1]).toEqual({ morning: 2, afternoon: 0 });
    expect(parsed[2]).toEqual({ morning: null, afternoon: null });
    expect(parsed[6]).toEqual({ morning: null, afternoon: 100 });
    expect(parsed[7]).toBeUndefined();
  });

  it.each(['-1', '101', '1.5', 'two', '1e2'])('refuses %s with a plain message on that box', (value) => {
    const result = weekdaySchema.safeParse({ '3-afternoon': value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['3-afternoon'],
      message: 'Give a whole number from 0 to 100, or leave it empty for the usual number.',
    });
  });
});
