import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { renderMarkdownText, slugify, type RenderedMarkdown } from '../lib/markdown.ts';
import { replaceTokens } from '../content/layer/tokens.ts';
import type { ImageManifest } from '../components/page-context.ts';
import { installedVersion } from './paths.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Picture from '../components/Picture.tsx';

export { slugify, type RenderedMarkdown };

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
    .update(fs.readFileSync(new URL('../lib/markdown.ts', import.meta.url)))
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

/** `text` has its tokens replaced already; an image must be in the manifest. */
function renderMarkdownNow(text: string, file: string, images: ImageManifest): RenderedMarkdown {
  return renderMarkdownText(text, (src, alt) => {
    const image = images.get(src);
    if (!image) throw new Error(`${file}: image "${src}" is not in content/images/`);
    return renderToStaticMarkup(createElement(Picture, { image, alt, sizes: '(min-width: 60rem) 48rem, 100vw' }));
  });
}
