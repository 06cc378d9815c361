/**
 * The build floor: the least a Markdown-to-HTML static build can do with our
 * libraries. Reads every `.md` in a folder with gray-matter, renders the body with
 * marked and the page with react-dom/server's renderToString, writes one file each.
 * No validation, no images, no bundling. With --same-work it then writes a Pagefind
 * index and the .br/.gz our build writes (bench/peers/same-work.mjs), as the peers do
 * in their same-work runs.
 *
 * Usage: tsx bench/floor-build.ts <articles dir> <output dir> [--same-work]
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { marked } from 'marked';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { sameWork } from './peers/same-work.mjs';

const [source, out, flag] = process.argv.slice(2);
if (!source || !out) throw new Error('usage: tsx bench/floor-build.ts <articles dir> <output dir> [--same-work]');

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(path.join(out, 'blog'), { recursive: true });
for (const file of fs.readdirSync(source).filter((f) => f.endsWith('.md'))) {
  const { data, content } = matter(fs.readFileSync(path.join(source, file), 'utf8'), {});
  const body = marked.parse(content, { async: false });
  const page = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('title', null, data.title),
      h('meta', { name: 'description', content: data.description }),
    ),
    h(
      'body',
      null,
      h('main', null, h('article', null, h('h1', null, data.title), h('div', { dangerouslySetInnerHTML: { __html: body } }))),
    ),
  );
  fs.writeFileSync(path.join(out, 'blog', `${path.basename(file, '.md')}.html`), `<!doctype html>${renderToString(page)}`);
}
if (flag === '--same-work') await sameWork(out);
