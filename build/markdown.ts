import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { replaceTokens } from '../content/layer/tokens.ts';
import type { ImageManifest } from '../components/page-context.ts';
import { installedVersion } from './paths.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Picture from '../components/Picture.tsx';

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface RenderedMarkdown {
  html: string;
  headings: { depth: number; text: string; id: string }[];
}

/** Rendered bodies by image manifest, then by file and text: a page asks for its body more than once. */
const rendered = new WeakMap<ImageManifest, Map<string, RenderedMarkdown>>();

/**
 * The build's cache of rendered bodies (Markdown is a third of a warm
 * build's page time), a JSON file keyed by a hash of everything a rendering
 * depends on: the text with its tokens replaced, the file name, the image
 * manifest, marked's version and the code that renders (this file and Picture).
 */
let persistent: { file: string; entries: Map<string, RenderedMarkdown>; used: Map<string, RenderedMarkdown> } | undefined;
const fingerprints = new WeakMap<ImageManifest, string>();
let codeFingerprint: string | undefined;

/** Reads (and later saveMarkdownCache writes) the cache at `file`; without this call nothing is kept between runs. */
export function useMarkdownCache(file: string): void {
  let entries = new Map<string, RenderedMarkdown>();
  try {
    entries = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RenderedMarkdown>));
  } catch {
    // No cache yet, or an unreadable one: every body is rendered.
  }
  persistent = { file, entries, used: new Map() };
}

/** Writes the bodies this run rendered or reused (and only those) to the cache file. */
export function saveMarkdownCache(): void {
  if (!persistent) return;
  fs.mkdirSync(path.dirname(persistent.file), { recursive: true });
  fs.writeFileSync(persistent.file, JSON.stringify(Object.fromEntries(persistent.used)));
}

function cacheKey(text: string, file: string, images: ImageManifest): string {
  let manifest = fingerprints.get(images);
  if (manifest === undefined) {
    manifest = crypto
      .createHash('sha256')
      .update(JSON.stringify([...images]))
      .digest('hex');
    fingerprints.set(images, manifest);
  }
  codeFingerprint ??= crypto
    .createHash('sha256')
    .update(fs.readFileSync(new URL(import.meta.url)))
    .update(fs.readFileSync(new URL('../components/Picture.tsx', import.meta.url)))
    .update(installedVersion('marked'))
    .digest('hex');
  return crypto.createHash('sha256').update(`${codeFingerprint}\0${manifest}\0${file}\0${text}`).digest('hex');
}

/**
 * Markdown body to HTML: tokens replaced, headings given stable ids, external
 * links marked safe, images turned into responsive <picture> elements. The
 * result depends only on the arguments, so it is kept for the next caller
 * (an article's table of contents and its body read the same rendering).
 */
export function renderMarkdown(markdown: string, file: string, images: ImageManifest): RenderedMarkdown {
  let byText = rendered.get(images);
  if (!byText) rendered.set(images, (byText = new Map()));
  const key = `${file}\0${markdown}`;
  const known = byText.get(key);
  if (known) return known;
  const text = replaceTokens(markdown, file);
  const stored = persistent && cacheKey(text, file, images);
  const result = (stored && persistent?.entries.get(stored)) || renderMarkdownNow(text, file, images);
  if (stored) persistent?.used.set(stored, result);
  byText.set(key, result);
  return result;
}

/** `text` has its tokens replaced already. */
function renderMarkdownNow(text: string, file: string, images: ImageManifest): RenderedMarkdown {
  const headings: RenderedMarkdown['headings'] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = slugify(inner) || 'section';
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n ? `${base}-${n}` : base;
        headings.push({ depth: token.depth, text: inner.replace(/<[^>]+>/g, ''), id });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const href = escapeAttr(token.href);
        const title = token.title ? ` title="${escapeAttr(token.title)}"` : '';
        if (/^https?:\/\//i.test(token.href)) {
          return `<a href="${href}"${title} rel="noopener noreferrer external">${inner}</a>`;
        }
        return `<a href="${href}"${title}>${inner}</a>`;
      },
      // GFM task lists: a checklist to read, not a form (an unlabelled checkbox fails WCAG).
      checkbox({ checked }: Tokens.Checkbox) {
        return `<span class="task-box" aria-hidden="true">${checked ? '☑' : '☐'}</span> `;
      },
      image(token: Tokens.Image) {
        const image = images.get(token.href);
        if (!image) throw new Error(`${file}: image "${token.href}" is not in content/images/`);
        return renderToStaticMarkup(createElement(Picture, { image, alt: token.text, sizes: '(min-width: 60rem) 48rem, 100vw' }));
      },
    },
  });
  const html = marked.parse(text, { async: false }) as string;
  return { html, headings };
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
