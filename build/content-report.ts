/**
 * `npx tsx build/content-report.ts [collection…]`: words, FAQs, title and
 * description lengths, sources, and the most similar pairs, per collection, for
 * whoever writes content (docs/content-guide.md). The content tests hold the same limits.
 */
import { citedSources } from '../content/figures.ts';
import { loadCollection } from '../content/layer/content.ts';
import { bodyText, similarPairs, words } from './content-metrics.ts';

const NAMES = ['services', 'locations', 'landings', 'brands', 'pages', 'blog'] as const;
const wanted = process.argv.slice(2);
for (const name of NAMES.filter((n) => wanted.length === 0 || wanted.includes(n))) {
  const entries = loadCollection(name);
  const texts = new Map<string, string>();
  console.log(`\n## ${name} (${entries.length})`);
  console.log('words  faqs  title  descr  sources  image  slug');
  for (const entry of entries) {
    const text = bodyText(entry.body, entry.file);
    texts.set(entry.slug, text);
    const faqs = entry.data.faqs ?? [];
    const sources = citedSources(entry.data.sources, [entry.body, ...faqs.flatMap((f) => [f.q, f.a])], entry.file);
    console.log(
      [
        String(words(text).length).padStart(5),
        String(faqs.length).padStart(5),
        String(entry.data.title.length).padStart(6),
        String(entry.data.description.length).padStart(6),
        String(sources.length).padStart(8),
        (entry.data.image ? 'yes' : 'no').padStart(6),
        ` ${entry.slug}`,
      ].join(' '),
    );
  }
  const pairs = similarPairs(texts, 0.03);
  console.log(
    pairs.length ? 'pairs sharing over 3% of their 6-word sequences:' : 'no pair shares over 3% of its 6-word sequences',
  );
  for (const p of pairs.slice(0, 15)) console.log(`  ${(p.shared * 100).toFixed(1)}%  ${p.a} ~ ${p.b}`);
}
