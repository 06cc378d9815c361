/**
 * Error groups by cause: entries whose message (or, for a missing page, whose address) differ
 * only in numbers, ids or a query string are one problem to the owner, counted together.
 */
import type { ErrorGroup } from '../../db/error-log.ts';

/** The cause a message or address names: query strings dropped, ids and numbers made alike. */
export function causeKey(text: string): string {
  return text
    .replace(/(https?:\/\/[^\s?#"')]*|\/[^\s?#"')]*)[?#][^\s"')]*/g, '$1')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '#')
    .replace(/\b(?=[0-9a-z_]*\d)[0-9a-z_]{12,}\b/gi, '#')
    .replace(/\d+(\.\d+)*/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Stored groups with the same cause as one: counts added, the newest entry as the sample. */
export interface CauseGroup extends ErrorGroup {
  /** The stored groups' keys it gathers (marking it resolved marks each). */
  keys: string[];
}

/** The groups of one kind by cause, newest first, the resolved ones (all of their groups resolved) last. */
export function groupByCause(groups: readonly ErrorGroup[]): CauseGroup[] {
  const byCause = new Map<string, CauseGroup>();
  for (const g of groups) {
    const cause = causeKey(g.key);
    const seen = byCause.get(cause);
    if (!seen) {
      byCause.set(cause, { ...g, key: cause, keys: [g.key] });
      continue;
    }
    const newer = g.lastSeen > seen.lastSeen;
    byCause.set(cause, {
      ...seen,
      keys: [...seen.keys, g.key],
      count: seen.count + g.count,
      firstSeen: g.firstSeen < seen.firstSeen ? g.firstSeen : seen.firstSeen,
      lastSeen: newer ? g.lastSeen : seen.lastSeen,
      sample: newer ? g.sample : seen.sample,
      resolvedAt: seen.resolvedAt && g.resolvedAt ? (newer ? g.resolvedAt : seen.resolvedAt) : null,
      resolvedBy: seen.resolvedAt && g.resolvedAt ? (newer ? g.resolvedBy : seen.resolvedBy) : null,
    });
  }
  return [...byCause.values()].sort(
    (a, b) => Number(a.resolvedAt !== null) - Number(b.resolvedAt !== null) || b.lastSeen.getTime() - a.lastSeen.getTime(),
  );
}
