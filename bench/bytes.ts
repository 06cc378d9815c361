/** Page weights from the built dist/ (section `bytes`). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Report } from './report.ts';
import { DIST } from './site-build.ts';

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The scripts a page loads before interaction: its module scripts and their static imports. */
function firstLoadJs(html: string): string[] {
  const seen = new Set<string>();
  // Module script tags, and the entry the inline loader imports after the first paint (lib/entry-loader.ts).
  const queue = [...html.matchAll(/<script type="module" src="([^"]+)"|<script data-entry="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = fs.readFileSync(path.join(DIST, url), 'utf8');
    // esbuild writes static imports as `import{…}from"./chunks/x.js"` or `import"./x.js"`.
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
  }
  return [...seen];
}

/** Stylesheets a page needs: linked files and inline <style> blocks, gzip each on its own. */
function cssBytes(html: string): number {
  const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].reduce((n, m) => n + gz(path.join(DIST, m[1]!)), 0);
  const inline = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].reduce(
    (n, m) => n + zlib.gzipSync(m[1]!, { level: 9 }).length,
    0,
  );
  return linked + inline;
}

export function benchBytes(report: Report) {
  const samples: [string, string][] = [
    ['home', '/'],
    ['service', '/services/roof-repairs'],
    ['location', '/locations/tybee-island-roofing'],
    ['article', '/blog/atlas-vs-gaf'],
    ['blog list', '/blog'],
    ['contact', '/contact'],
  ];
  report.note('bytes', '### bytes');
  report.note(
    'bytes',
    'From the built `dist/`, gzip level 9: the HTML file; CSS = linked stylesheets plus inline `<style>` blocks (already inside the ' +
      'HTML figure when inline); first-load JS = the module scripts a page loads before any interaction. The byte budgets are unit tests.',
  );
  report.note('bytes');
  let largest = { path: '', html: 0 };
  for (const file of fs.readdirSync(DIST, { recursive: true }) as string[]) {
    if (!file.endsWith('.html')) continue;
    const size = gz(path.join(DIST, file));
    if (size > largest.html) largest = { path: file, html: size };
  }
  for (const [label, url] of samples) {
    const file = path.join(DIST, url === '/' ? 'index.html' : `${url.slice(1)}.html`);
    const html = fs.readFileSync(file, 'utf8');
    const js = firstLoadJs(html).reduce((n, u) => n + gz(path.join(DIST, u)), 0);
    report.row({
      section: 'bytes',
      figure: `${label} ${url}: gzip B of HTML / CSS / first-load JS`,
      ours: `${gz(file)} / ${cssBytes(html)} / ${js}`,
    });
  }
  report.row({
    section: 'bytes',
    figure: 'largest HTML page, gzip B',
    ours: `${largest.html} (${largest.path})`,
  });
}
