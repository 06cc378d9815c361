/**
 * The floor for issue 11's build budget: the least a static build of the same
 * articles can do. Reads every Markdown file in a folder with gray-matter, renders
 * it with marked inside a small React page through renderToString, and writes one
 * HTML file per article. No images, no compression, no checks.
 *
 * Usage: tsx bench/floor-build.ts <articles dir> <out dir>
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { marked } from 'marked';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const [source, outDir] = process.argv.slice(2);
if (!source || !outDir) throw new Error('usage: tsx bench/floor-build.ts <articles dir> <out dir>');
fs.mkdirSync(outDir, { recursive: true });
for (const file of fs.readdirSync(source).filter((f) => f.endsWith('.md'))) {
  const { data, content } = matter(fs.readFileSync(path.join(source, file), 'utf8'));
  const body = marked.parse(content, { async: false });
  const page = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('title', null, String(data.title)),
      h('meta', { name: 'description', content: String(data.description) }),
    ),
    h(
      'body',
      null,
      h('main', null, h('h1', null, String(data.title)), h('article', { dangerouslySetInnerHTML: { __html: body } })),
    ),
  );
  fs.writeFileSync(path.join(outDir, `${file.replace(/\.md$/, '')}.html`), `<!doctype html>${renderToString(page)}`);
}
