import { describe, expect, it } from 'vitest';
import type { ErrorGroup } from '../../db/error-log.ts';
import { causeKey, groupByCause } from './group.ts';

const group = (key: string, count: number, last: string, resolved: string | null = null): ErrorGroup => ({
  kind: 'render',
  key,
  count,
  firstSeen: new Date(`${last}T00:00:00Z`),
  lastSeen: new Date(`${last}T12:00:00Z`),
  sample: { id: count, message: key } as unknown as ErrorGroup['sample'],
  resolvedAt: resolved ? new Date(`${resolved}T13:00:00Z`) : null,
  resolvedBy: resolved ? 'owner' : null,
});

describe('errors by cause', () => {
  it('makes numbers, ids and query strings alike', () => {
    expect(causeKey('Cannot read lead 4512 of https://x.test/api/leads?id=9&t=abc')).toBe(
      'Cannot read lead # of https://x.test/api/leads',
    );
    expect(causeKey('Not found: /gallery/photo-1a2b3c4d5e6f7a8b?utm_source=x')).toBe('Not found: /gallery/photo-#');
    expect(causeKey('Lead 0b9a7c1e-1111-4222-8333-444455556666 missing')).toBe('Lead # missing');
    expect(causeKey('TypeError: x is undefined')).toBe('TypeError: x is undefined');
  });

  it('adds up the groups of one cause, keeps the newest as the sample and lists its keys', () => {
    const [first, second, ...rest] = groupByCause([
      group('Timeout after 3000 ms', 2, '2026-12-01'),
      group('Script failed', 1, '2026-12-02'),
      group('Timeout after 5000 ms', 3, '2026-12-03'),
    ]);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      key: 'Timeout after # ms',
      count: 5,
      keys: ['Timeout after 3000 ms', 'Timeout after 5000 ms'],
    });
    expect(first!.firstSeen.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(first!.lastSeen.toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(first!.sample.message).toBe('Timeout after 5000 ms');
    expect(second!.key).toBe('Script failed');
  });

  it('is resolved only when every group of the cause is, and then comes last', () => {
    const groups = groupByCause([
      group('Timeout after 1 ms', 1, '2026-12-05', '2026-12-05'),
      group('Timeout after 2 ms', 1, '2026-12-04'),
      group('Old failure 7', 1, '2026-12-01', '2026-12-02'),
      group('Old failure 8', 1, '2026-12-02', '2026-12-02'),
    ]);
    expect(groups.map((g) => [g.key, g.resolvedAt !== null])).toEqual([
      ['Timeout after # ms', false],
      ['Old failure #', true],
    ]);
  });
});
