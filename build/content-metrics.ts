import { Marked } from 'marked';
import { replaceTokens } from '../content/layer/tokens.ts';

const plain = new Marked({ gfm: true });

/** The words a reader reads in a Markdown body: tokens replaced, markup and link targets gone. */
export function bodyText(markdown: string, file: string): string {
  const html = plain.parse(replaceTokens(markdown, file), { async: false }) as string;
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:#\d+|[a-z]+);/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words: runs of letters and digits, with inner apostrophes and hyphens ("Savannah's", "re-roof"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’-][a-z0-9]+)*/g) ?? [];
}

/** Every run of `n` consecutive words. */
export function wordSequences(list: readonly string[], n = 6): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i + n <= list.length; i++) found.add(list.slice(i, i + n).join(' '));
  return found;
}

/**
 * How much two texts share: the 6-word sequences they have in common over those
 * of the shorter one. 0.087 means 8.7% of the shorter text repeats the other.
 */
export function sharedSequences(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const sequence of small) if (large.has(sequence)) shared++;
  return shared / small.size;
}

/** The pairs of a collection above `limit`, most similar first. */
export function similarPairs(texts: ReadonlyMap<string, string>, limit: number): { a: string; b: string; shared: number }[] {
  const sequences = [...texts].map(([name, text]) => [name, wordSequences(words(text))] as const);
  const pairs: { a: string; b: string; shared: number }[] = [];
  for (let i = 0; i < sequences.length; i++) {
    for (let j = i + 1; j < sequences.length; j++) {
      const shared = sharedSequences(sequences[i]![1], sequences[j]![1]);
      if (shared > limit) pairs.push({ a: sequences[i]![0], b: sequences[j]![0], shared });
    }
  }
  return pairs.sort((x, y) => y.shared - x.shared);
}
