/**
 * The blog as the admin's article editor needs it (docs/decisions/063-owner-articles.md):
 * every article with its front matter and body, and what an article may name (sources,
 * pictures, figures, tokens), written by the build into dist/_server.json, so the server
 * never reads content/. The owner's articles are checked here by the same rules the
 * editor applies (lib/article-rules.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { bodyProblems, textProblems, type ArticleRuleContext } from '../../lib/article-rules.ts';
import type { ArticleData } from '../../lib/server-data.ts';
import { FIGURES, figure, formatFigure } from '../figures.ts';
import { SOURCES } from '../sources.ts';
import type { BlogFrontMatter } from '../schema.ts';
import { CONTENT_DIR, loadCollection, type Entry } from './content.ts';
import { overlayDir } from './overlay-dir.ts';
import { CONTENT_TOKEN_NAMES, contentTokens } from './tokens.ts';

/** content/images/ and the overlay's images/, A to Z. */
function imageNames(): string[] {
  const names = new Set(fs.readdirSync(path.join(CONTENT_DIR, 'images')));
  const overlay = overlayDir();
  const owned = overlay && path.join(overlay, 'images');
  if (owned && fs.existsSync(owned)) for (const name of fs.readdirSync(owned)) names.add(name);
  return [...names].filter((n) => /^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/.test(n)).sort();
}

export function articleRuleContext(): ArticleRuleContext {
  return { tokens: CONTENT_TOKEN_NAMES, figures: Object.keys(FIGURES), images: imageNames() };
}

/** What an owner's article breaks of the rules, each naming the file. */
export function ownerArticleProblems(entry: Entry<BlogFrontMatter>, ctx = articleRuleContext()): string[] {
  const { data } = entry;
  const texts = [data.title, data.description, data.excerpt, data.h1 ?? '', ...(data.faqs ?? []).flatMap((f) => [f.q, f.a])];
  const problems = [...bodyProblems(entry.body, ctx), ...texts.flatMap((t) => textProblems(t, ctx))];
  if (data.image && !ctx.images.includes(data.image.src))
    problems.push(`The picture “${data.image.src}” is not one of the site’s pictures.`);
  return problems.map((p) => `${entry.file}: ${p}`);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Every article and the editor's choices, for dist/_server.json; `imageUrl` says where the build serves a picture. */
export function articleData(imageUrl: (name: string) => string | undefined = () => undefined): ArticleData {
  const entries = loadCollection('blog').map((e) => ({
    slug: e.slug,
    data: { ...e.data, date: day(e.data.date), ...(e.data.updated ? { updated: day(e.data.updated) } : {}) },
    body: e.body,
    owner: !e.file.startsWith(`content${path.sep}`),
  }));
  const sources = Object.entries(SOURCES)
    .map(([id, s]) => ({ id, label: `${s.publisher}: ${s.title}${'date' in s && s.date ? ` (${s.date})` : ''}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const figures = Object.fromEntries(
    Object.keys(FIGURES).map((id) => {
      const f = figure(id, 'content/figures.ts');
      return [id, { text: formatFigure(f), basis: f.basis }];
    }),
  );
  const images = imageNames();
  const imageUrls = Object.fromEntries(images.flatMap((name) => (imageUrl(name) ? [[name, imageUrl(name)!]] : [])));
  return { entries, choices: { sources, images, imageUrls, figures, tokens: contentTokens() } };
}
