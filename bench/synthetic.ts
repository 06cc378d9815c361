/**
 * The build-speed articles: `count` Markdown files valid for our blog schema
 * (content/schema.ts), the same bytes on every run (a seeded generator, no clock, no
 * Math.random), so our build, the floor script and the peers all read identical input.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BLOG_CATEGORIES } from '../content/schema.ts';

/** mulberry32: a small seeded generator; the same seed gives the same sequence everywhere. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'roof shingle flashing gutter attic vent deck underlayment ridge valley eave soffit fascia drip edge nail ' +
  'storm wind rain humidity salt marsh sun heat algae moss leak stain ceiling insulation ventilation ' +
  'inspection estimate warranty maker installer crew ladder tarp sealant membrane coating metal panel ' +
  'tile slate asphalt granule layer seam fastener chimney skylight pipe boot valley cricket slope pitch ' +
  'homeowner neighbour season spring summer autumn winter coast river island porch garage dormer'
).split(' ');
const VERBS = 'checks lifts protects sheds holds covers seals drains cools ages cracks shifts wears slows'.split(' ');

function sentence(rand: () => number, words = 10 + Math.floor(rand() * 10)): string {
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(i === 3 ? VERBS[Math.floor(rand() * VERBS.length)]! : pick());
  if (words > 8 && rand() < 0.2) out[5] = `**${out[5]}**`;
  if (words > 8 && rand() < 0.15) out[8] = `*${out[8]}*`;
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rand: () => number): string {
  return Array.from({ length: 4 + Math.floor(rand() * 3) }, () => sentence(rand)).join(' ');
}

/** Front matter and body of article `i` (1-based), about 700 words with headings, lists and links. */
export function syntheticArticle(i: number): { slug: string; text: string } {
  const rand = seeded(0x5eed + i);
  const n = String(i).padStart(4, '0');
  const slug = `synthetic-article-${n}`;
  const topic = `${WORDS[i % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}`;
  const title = `Synthetic article ${n}: ${topic}`.slice(0, 60).padEnd(30, '.');
  const description = `Synthetic benchmark article number ${n} about ${topic}, generated so every build reads the same words.`;
  const excerpt = `A generated article about ${topic} for the build-speed benchmark, number ${n}.`;
  const date = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const body: string[] = [];
  for (let s = 1; s <= 4; s++) {
    body.push(`## Part ${s}: ${sentence(rand, 4).slice(0, -1)}`, '', paragraph(rand), '', paragraph(rand), '');
    if (s === 2) {
      body.push(...Array.from({ length: 5 }, () => `- ${sentence(rand, 6)}`), '');
    }
    if (s === 3) {
      body.push(
        `Read [the article before this one](/blog/synthetic-article-${String(Math.max(1, i - 1)).padStart(4, '0')}) next.`,
        '',
      );
    }
  }
  const front = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(description)}`,
    `category: ${JSON.stringify(BLOG_CATEGORIES[i % BLOG_CATEGORIES.length])}`,
    `date: ${date}`,
    `tags: [${JSON.stringify(WORDS[i % WORDS.length])}, "benchmark"]`,
    `excerpt: ${JSON.stringify(excerpt)}`,
    '---',
    '',
  ];
  return { slug, text: `${front.join('\n')}${body.join('\n')}` };
}

/** Writes articles 1..count into `dir` (created, emptied first). */
export function writeSyntheticArticles(dir: string, count: number): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 1; i <= count; i++) {
    const { slug, text } = syntheticArticle(i);
    fs.writeFileSync(path.join(dir, `${slug}.md`), text);
  }
}
