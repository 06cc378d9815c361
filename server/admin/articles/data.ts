/**
 * An article as the editor holds it: a draft is what was typed (form fields as
 * strings, the sources ticked), kept even when it is not valid yet. Checking it
 * uses the build's own schema (lib/blog-schema.ts) and rules (lib/article-rules.ts)
 * with what the build handed the server, so the editor refuses what the build would.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { bodyProblems, textProblems, type ArticleRuleContext } from '../../../lib/article-rules.ts';
import { BLOG_CATEGORIES, blogSchemaOf, STORM_UPDATE } from '../../../lib/blog-schema.ts';
import { TOKEN_PATTERN } from '../../../lib/content-tokens.ts';
import { escapeAttr, renderMarkdownText, slugify } from '../../../lib/markdown.ts';
import type { ArticleData, ArticleEntry } from '../../../lib/server-data.ts';
import type { OwnerArticle } from '../../publish/store.ts';

type Choices = ArticleData['choices'];

/** The text fields of the form, by name. */
export const TEXT_FIELDS = [
  'title',
  'description',
  'category',
  'date',
  'updated',
  'tags',
  'excerpt',
  'image',
  'imageAlt',
  'body',
] as const;
export type ArticleFields = Record<(typeof TEXT_FIELDS)[number], string>;

export interface ArticleDraft {
  /** The article's address; '' for a new one, until it is published (made from its title). */
  slug: string;
  fields: ArticleFields;
  sources: string[];
  /** Front matter the form does not show (questions and answers, keywords, a second heading), kept as it was. */
  keep: Record<string, unknown>;
}

const draftShape = z.object({
  slug: z.string(),
  fields: z.object(
    Object.fromEntries(TEXT_FIELDS.map((f) => [f, z.string().catch('')])) as Record<
      (typeof TEXT_FIELDS)[number],
      z.ZodCatch<z.ZodString>
    >,
  ),
  sources: z.array(z.string()).catch([]),
  keep: z.record(z.string(), z.unknown()).catch({}),
});

/** A stored draft read back; another shape (an older version's row) counts as none. */
export function storedArticle(value: unknown): ArticleDraft | null {
  const parsed = draftShape.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The draft's topic in content_drafts: an existing article's is made from its address, a new one's is random. */
export function articleKey(slug: string | null): string {
  return slug ? createHash('sha256').update(`article:${slug}`).digest('hex').slice(0, 16) : randomBytes(8).toString('hex');
}
export const topicOf = (key: string) => `article_${key}` as const;

const KEPT = new Set(['faqs', 'keywords', 'h1']);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form's fields for an article as it is (the build's or the owner's published version). */
export function draftOfEntry(entry: Pick<ArticleEntry, 'slug' | 'data' | 'body'>): ArticleDraft {
  const d = entry.data;
  const image = (d.image ?? {}) as { src?: string; alt?: string };
  return {
    slug: entry.slug,
    fields: {
      title: text(d.title),
      description: text(d.description),
      category: text(d.category),
      date: text(d.date),
      updated: text(d.updated),
      tags: Array.isArray(d.tags) ? d.tags.join(', ') : '',
      excerpt: text(d.excerpt),
      image: text(image.src),
      imageAlt: text(image.alt),
      body: entry.body.trim(),
    },
    sources: Array.isArray(d.sources) ? d.sources.map(String) : [],
    keep: Object.fromEntries(Object.entries(d).filter(([k]) => KEPT.has(k))),
  };
}

/** A new article, or a storm update: its category and tag set, and an outline to write into. */
export function newDraft(kind: 'article' | 'storm', today: string): ArticleDraft {
  const storm = kind === 'storm';
  return {
    slug: '',
    fields: {
      title: '',
      description: '',
      category: storm ? STORM_UPDATE.category : '',
      date: today,
      updated: '',
      tags: storm ? STORM_UPDATE.tag : '',
      excerpt: '',
      image: '',
      imageAlt: '',
      body: storm
        ? '## What is happening\n\n\n\n## What to do at home now\n\n\n\n## When to call us\n\nCall {{phone}} for a free inspection after the storm.\n'
        : '',
    },
    sources: [],
    keep: {},
  };
}

const TICKED = new Set(['on', 'true', '1', 'yes']);

/** The posted body as the draft's fields: only the form's, as strings; each ticked `source.<id>` box a source. */
export function draftFromPost(raw: Record<string, unknown>, previous: ArticleDraft, choices: Choices): ArticleDraft {
  const fields = { ...previous.fields };
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string') fields[field] = value.slice(0, field === 'body' ? 60_000 : 2_000).replace(/\r\n/g, '\n');
  }
  const known = new Set(choices.sources.map((s) => s.id));
  const sources = Object.entries(raw)
    .filter(([k, v]) => k.startsWith('source.') && (v === true || (typeof v === 'string' && TICKED.has(v))))
    .map(([k]) => k.slice('source.'.length))
    .filter((id) => known.has(id));
  return { ...previous, fields, sources };
}

const LABELS: Record<string, string> = {
  title: 'The title',
  description: 'The description',
  category: 'The category',
  date: 'The date',
  updated: 'The date of the last real change',
  tags: 'The tags',
  excerpt: 'The teaser',
  image: 'The picture',
  imageAlt: 'The picture’s description',
  sources: 'A source',
};

/** Where a problem at `path` of the front matter shows in the form. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, key] = path.map(String);
  if (head === 'image') return key === 'alt' ? 'imageAlt' : 'image';
  return head && head in LABELS ? head : 'body';
}

function messageOf(field: string, message: string, code: string): string {
  if (field === 'category') return 'Choose a category.';
  if (field === 'date' || field === 'updated') return 'Give a date, such as 2026-12-03.';
  if (field === 'image' && code === 'invalid_type') return 'Choose a picture.';
  if (message === 'Invalid input: expected string, received undefined')
    return `${LABELS[field] ?? 'This'} is missing: fill it in.`;
  const min = /Too small: expected string to have >=(\d+) characters/.exec(message);
  if (min) return `${LABELS[field] ?? 'This'} is too short (${min[1]} characters at least).`;
  const max = /Too big: expected string to have <=(\d+) characters/.exec(message);
  if (max) return `${LABELS[field] ?? 'This'} is too long (${max[1]} characters at most).`;
  return `${LABELS[field] ?? 'This'} ${message}.`;
}

const ruleContext = (choices: Choices): ArticleRuleContext => ({
  tokens: Object.keys(choices.tokens),
  figures: Object.keys(choices.figures),
  images: choices.images,
});

export type Checked = { ok: true; article: OwnerArticle } | { ok: false; fields: Record<string, string> };

/** The front matter the draft makes, as the build's schema reads it. */
function frontMatterOf(draft: ArticleDraft): Record<string, unknown> {
  const f = draft.fields;
  const fm: Record<string, unknown> = {
    title: f.title.trim(),
    description: f.description.trim(),
    category: f.category,
    date: f.date.trim() || undefined,
    updated: f.updated.trim() || undefined,
    tags: f.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    excerpt: f.excerpt.trim(),
    image: f.image ? { src: f.image, alt: f.imageAlt.trim() } : undefined,
    sources: draft.sources,
    ...draft.keep,
  };
  for (const key of Object.keys(fm)) if (fm[key] === undefined) delete fm[key];
  return fm;
}

/** The address the draft publishes to: its own, or for a new article one made from its title ('' without a title). */
export function addressOf(draft: ArticleDraft): string {
  return draft.slug || slugify(draft.fields.title).slice(0, 80).replace(/-+$/, '');
}

/**
 * The draft checked as the build will check it: the article to publish, or a
 * message per field at fault. `taken` are the addresses of the other articles and drafts.
 */
export function checkArticle(
  draft: ArticleDraft,
  choices: Choices,
  taken: readonly string[],
  /** The gallery photos the picture at the top may also be (./photos.ts). */
  photos: readonly string[] = [],
): Checked {
  const fields: Record<string, string> = {};
  const ids = choices.sources.map((s) => s.id);
  const schema = blogSchemaOf((ids.length ? ids : ['none']) as [string, ...string[]]);
  const fm = frontMatterOf(draft);
  const parsed = schema.safeParse(fm);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      fields[field] ??= messageOf(field, issue.message, issue.code);
    }
  }
  const ctx = ruleContext(choices);
  for (const field of ['title', 'description', 'excerpt'] as const) {
    const problem = textProblems(draft.fields[field], ctx)[0];
    if (problem) fields[field] ??= problem;
  }
  const image = draft.fields.image;
  if (image && !choices.images.includes(image) && !photos.includes(image))
    fields.image ??= 'Choose one of the site’s pictures or of your gallery photos.';
  const body = [...bodyProblems(draft.fields.body, ctx)];
  if (draft.fields.body.trim().length < 200) body.unshift('Write the article (200 characters at least).');
  if (body.length) fields.body ??= body.join(' ');
  const slug = addressOf(draft);
  if (!draft.slug && taken.includes(slug))
    fields.title ??= `Another article, or another draft not published yet, has this title’s address (/blog/${slug}): change the title a little.`;
  if (Object.keys(fields).length || !parsed.success) return { ok: false, fields };
  const data = { ...fm, date: draft.fields.date.trim(), ...(fm.updated ? { updated: draft.fields.updated.trim() } : {}) };
  return { ok: true, article: { slug, data, body: draft.fields.body.trim() } };
}

/**
 * The body as the page will show it, by the build's renderer: tokens print what they
 * will (one the build would refuse shows as written, marked), a picture as the site serves it.
 */
export function previewHtml(body: string, choices: Choices): string {
  const text = body.replace(TOKEN_PATTERN, (token, name: string, id: string | undefined) => {
    if (id !== undefined) {
      const figure = choices.figures[id];
      if (figure && (name === 'fig' || name === 'basis')) return name === 'fig' ? figure.text : figure.basis;
    } else if (name in choices.tokens) return choices.tokens[name]!;
    return `**⚠ ${token}**`;
  });
  return renderMarkdownText(text, (src, alt) => {
    const url = choices.imageUrls[src];
    return url
      ? `<img src="${escapeAttr(url)}" alt="${escapeAttr(alt)}" loading="lazy" class="md-picture">`
      : `<span class="md-picture">[Picture “${escapeAttr(src)}” is not one of the site’s pictures]</span>`;
  }).html;
}

export const CATEGORY_OPTIONS = BLOG_CATEGORIES;
