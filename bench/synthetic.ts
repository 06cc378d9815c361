/**
 * Issue 11 "Build speed": cold builds of 100 and 1,000 synthetic articles through our
 * real pipeline, next to the floor script (bench/floor-build.ts) on the same Markdown.
 * The articles are generated deterministically into a copy of the project (its own
 * content/blog/, node_modules linked), so the working tree is never touched.
 * Eleventy and Astro are not measured yet (see docs/decisions/012-first-paint-and-build-speed.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';

const RUNS = Number(process.env.BENCH_SYNTHETIC_RUNS ?? 3);
const SIZES = (process.env.BENCH_SYNTHETIC_SIZES ?? '100,1000').split(',').map(Number);
const CATEGORIES = ['Storm Protection', 'Cost & Planning', 'Materials & Technology', 'Emergency Repairs'];
const WORDS = 'roof shingle gutter flashing underlayment deck attic vent storm wind hail ridge valley eave soffit fascia'.split(
  ' ',
);

/** Article `n`: unique title and description, about 700 words in headed sections, a list and a link. */
export function syntheticArticle(n: number): string {
  const word = (i: number) => WORDS[(n * 7 + i * 3) % WORDS.length];
  const paragraph = (k: number) =>
    Array.from(
      { length: 6 },
      (_, s) =>
        `The ${word(k + s)} and the ${word(k + s + 1)} need checking after a ${word(k + s + 2)} season, number ${s + 1} of this guide.`,
    ).join(' ');
  const sections = Array.from(
    { length: 5 },
    (_, k) =>
      `## Section ${k + 1} about the ${word(k)}\n\n${paragraph(k)}\n\n${paragraph(k + 5)}\n\n- the ${word(k)}\n- the ${word(k + 1)}\n- the ${word(k + 2)}\n`,
  );
  return `---
title: "Synthetic roofing guide number ${n} for the bench"
description: "A generated article, number ${n}, that exercises the build pipeline with headings, lists and links at a realistic length."
category: "${CATEGORIES[n % CATEGORIES.length]}"
date: 2026-01-${String((n % 28) + 1).padStart(2, '0')}
tags: ["bench"]
excerpt: "Generated article number ${n}, used only to time builds of many articles."
---

Intro to article ${n}: see [our services](/services) before reading on.

${sections.join('\n')}`;
}

function copyProject(articles: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `roof-synthetic-${articles}-`));
  for (const entry of fs.readdirSync(ROOT)) {
    if (['node_modules', 'dist', '.cache', '.git', 'test-results'].includes(entry)) continue;
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const blog = path.join(dir, 'content', 'blog');
  fs.rmSync(blog, { recursive: true, force: true });
  fs.mkdirSync(blog);
  for (let n = 1; n <= articles; n++) fs.writeFileSync(path.join(blog, `synthetic-guide-${n}.md`), syntheticArticle(n));
  return dir;
}

/** Wall time and peak resident memory (GNU time) of one command. */
function timed(cwd: string, args: string[], env: Record<string, string> = {}): { seconds: number; peakMb: number } {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stderr.slice(-2000)}`);
  const peakKb = Number(r.stderr.trim().split('\n').at(-1));
  return { seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export function benchSynthetic(out: (line?: string) => void): void {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const rows: { articles: number; floor: number; ours: number; oursNoCompress: number; peakMb: number }[] = [];
  for (const articles of SIZES) {
    const project = copyProject(articles);
    try {
      const floor: number[] = [];
      const ours: number[] = [];
      const bare: number[] = [];
      let peakMb = 0;
      for (let i = 0; i < RUNS; i++) {
        const floorOut = path.join(project, 'floor-out');
        fs.rmSync(floorOut, { recursive: true, force: true });
        floor.push(timed(project, [tsx, path.join(ROOT, 'bench', 'floor-build.ts'), 'content/blog', floorOut]).seconds);
        for (const [list, env] of [
          [ours, {}],
          [bare, { BUILD_PRECOMPRESS: '0' }],
        ] as const) {
          fs.rmSync(path.join(project, '.cache'), { recursive: true, force: true });
          const r = timed(project, [tsx, 'build/index.ts'], { ...env, DIST_DIR: path.join(project, 'dist') });
          list.push(r.seconds);
          peakMb = Math.max(peakMb, r.peakMb);
        }
      }
      rows.push({ articles, floor: median(floor), ours: median(ours), oursNoCompress: median(bare), peakMb });
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  }
  out('## Build speed with synthetic articles');
  out(
    `Cold builds (caches emptied) of generated articles in a copy of the project, median of ${RUNS} runs; the rest of the site is built too. ` +
      'Floor = bench/floor-build.ts (gray-matter, marked, renderToString, write). Budget (issue 11): ours ≤ 1.5× the floor; peak memory < 1 GB at 1,000. ' +
      'Eleventy 3 and Astro 5 are not measured yet.',
  );
  out('');
  out('| articles | floor s | ours s (with .br/.gz) | × floor | ours s (no precompression) | × floor | peak MB | budget met |');
  out('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const met = r.ours <= 1.5 * r.floor && r.peakMb < 1024;
    out(
      `| ${r.articles} | ${r.floor.toFixed(2)} | ${r.ours.toFixed(2)} | ${(r.ours / r.floor).toFixed(1)} | ${r.oursNoCompress.toFixed(2)} | ${(r.oursNoCompress / r.floor).toFixed(1)} | ${r.peakMb.toFixed(0)} | ${met ? 'pass' : 'fail'} |`,
    );
  }
  if (rows.length === 2) {
    const [a, b] = rows;
    out(
      `\nGrowth from ${a!.articles} to ${b!.articles} articles: ${(b!.ours / a!.ours).toFixed(1)}× the time for ${b!.articles / a!.articles}× the articles.`,
    );
  }
  out('');
}
