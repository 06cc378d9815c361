import { describe, expect, it } from 'vitest';
import { MAX_ERROR_RECORDS, appendRecord, type ErrorRecord } from './error-reporting.ts';

const record = (n: number): ErrorRecord => ({ message: `e${n}`, timestamp: `t${n}`, userAgent: 'ua', url: 'u' });

describe('error records', () => {
  it('keeps only the newest 10 records', () => {
    let list: ErrorRecord[] = [];
    for (let i = 1; i <= 12; i++) list = appendRecord(list, record(i));
    expect(list).toHaveLength(MAX_ERROR_RECORDS);
    expect(list[0].message).toBe('e3');
    expect(list.at(-1)?.message).toBe('e12');
  });
});
