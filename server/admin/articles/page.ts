/**
 * /admin/articles as the owner sees it: the list of every article (the
 * repository's, the owner's published ones and the drafts), or with `?edit=<key>`
 * one article's editor, its live preview, Publish and the history.
 */
import { createElement } from 'react';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FormState } from '../../../lib/admin/forms.ts';
import type { ArticleEntry } from '../../../lib/server-data.ts';
import { latestVersion, listContentAudit, listDrafts, listVersions, type Draft, type Version } from '../../publish/store.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { officeTime } from '../core/format.ts';
import { workbenchPage } from '../core/pages.ts';
import { versionViews } from '../core/publishing.ts';
import type { AdminContext } from '../core/workbench.ts';
import ArticleEditor from './ArticleEditor.tsx';
import ArticleList, { type ArticleRowView } from './ArticleList.tsx';
import { galleryPhotoChoices } from './photos.ts';
import { addressOf, articleKey, checkArticle, draftOfEntry, previewHtml, storedArticle, type ArticleDraft } from './data.ts';

/** What the history says of the version the site was built with. */
export const BUILT_ARTICLES = 'The articles as the site was built, before any change from here';

/** One article of the list: what it is now, and its draft if one is being written. */
export interface ArticleItem {
  key: string;
  /** '' for a new article never published. */
  slug: string;
  /** The article as the site has it, if it is there. */
  live: Pick<ArticleEntry, 'slug' | 'data' | 'body' | 'owner'> | null;
  draft: (Draft & { article: ArticleDraft }) | null;
}

/** Every article, newest first: the build's, with the owner's published ones over them, and the drafts. */
export async function articleItems(deps: AdminPageDeps, latest?: Version | null): Promise<ArticleItem[]> {
  const newest = latest === undefined ? await latestVersion(deps.db) : latest;
  const live = new Map(deps.built.site.articles.entries.map((e) => [e.slug, e]));
  for (const a of newest?.content.articles ?? []) live.set(a.slug, { ...a, owner: true });
  const items = new Map<string, ArticleItem>();
  for (const entry of live.values())
    items.set(articleKey(entry.slug), { key: articleKey(entry.slug), slug: entry.slug, live: entry, draft: null });
  for (const row of await listDrafts(deps.db, 'article_')) {
    const article = storedArticle(row.value);
    if (!article) continue;
    const key = row.topic.slice('article_'.length);
    const item = items.get(key) ?? { key, slug: article.slug, live: null, draft: null };
    items.set(key, { ...item, draft: { ...row, article } });
  }
  const dateOf = (i: ArticleItem) => i.draft?.article.fields.date || String(i.live?.data.date ?? '');
  return [...items.values()].sort((a, b) => (dateOf(a) < dateOf(b) ? 1 : dateOf(a) > dateOf(b) ? -1 : a.key < b.key ? -1 : 1));
}

/** The draft to show for an item: its own, else the article as it is. */
export const draftOfItem = (item: ArticleItem): ArticleDraft => item.draft?.article ?? draftOfEntry(item.live!);

/** "Dec 3, 2026". */
const dayText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

function rowOf(item: ArticleItem, home: string): ArticleRowView & { haystack: string } {
  const d = draftOfItem(item);
  const date = /^\d{4}-\d\d-\d\d$/.test(d.fields.date) ? dayText(d.fields.date) : 'no date';
  return {
    href: `${home}?edit=${item.key}`,
    title: d.fields.title || 'Untitled draft',
    meta: `${date} · ${d.fields.category || 'no category'}`,
    state: item.draft ? (item.live ? 'Draft of a change' : 'Draft, not published') : item.live?.owner ? 'Yours' : null,
    haystack: `${d.fields.title} ${d.fields.tags} ${d.fields.category}`.toLowerCase(),
  };
}

type Extra = { form?: FormState; saved?: string; error?: string };

export async function articlesPage(
  c: AdminContext,
  deps: AdminPageDeps,
  extra: Extra = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const key = c.req.query('edit') ?? (extra.form?.values.key || undefined);
  if (key) return editorPage(c, deps, key, extra, status);
  const home = deps.built.site.pages['admin-articles'];
  const query = (c.req.query('q') ?? '').trim().slice(0, 100);
  const rows = (await articleItems(deps)).map((item) => rowOf(item, home));
  const shown = query
    ? rows.filter((r) =>
        query
          .toLowerCase()
          .split(/\s+/)
          .every((word) => r.haystack.includes(word)),
      )
    : rows;
  const view = { rows: shown, total: rows.length, query, home, error: extra.error ?? extra.form?.error ?? null };
  return workbenchPage(c, deps.built, 'admin-articles', createElement(ArticleList, view), { status, missingTitle: 'Articles' });
}

const SAVED: Record<string, string> = {
  publish: 'Published: the article is on the site.',
  restore: 'Brought back: the site shows the articles of that version.',
};

function linesOf(deps: AdminPageDeps, item: ArticleItem, latest: Version | null): string[] {
  const { built } = deps;
  const mine = latest?.content.articles?.some((a) => a.slug === item.slug);
  const lines = [
    item.live
      ? mine && latest
        ? `On the site: your version, published ${officeTime(built, latest.at)}${latest.by ? ` by @${latest.by}` : ''}.`
        : 'On the site, as the developers wrote it.'
      : 'Not on the site yet.',
  ];
  if (item.draft)
    lines.push(
      `Draft saved ${officeTime(built, item.draft.at)}${item.draft.by ? ` by @${item.draft.by}` : ''}, not published yet.`,
    );
  return lines;
}

async function editorPage(
  c: AdminContext,
  deps: AdminPageDeps,
  key: string,
  extra: Extra,
  status: ContentfulStatusCode,
): Promise<Response> {
  const { built } = deps;
  const home = built.site.pages['admin-articles'];
  const [latest, versions, auditRows, photos] = await Promise.all([
    latestVersion(deps.db),
    listVersions(deps.db),
    listContentAudit(deps.db, 30),
    galleryPhotoChoices(deps.db),
  ]);
  const items = await articleItems(deps, latest);
  const item = items.find((i) => i.key === key);
  if (!item) {
    return workbenchPage(
      c,
      built,
      'admin-articles',
      `<p>This draft is not here any more: it was published or thrown away. <a href="${home}">All articles</a></p>`,
      {
        status: 404,
        missingTitle: 'Articles',
      },
    );
  }
  const draft = draftOfItem(item);
  const typed = extra.form?.form === 'article' ? { ...draft, fields: { ...draft.fields, ...extra.form.values } } : draft;
  const checked = checkArticle(
    typed,
    built.site.articles.choices,
    taken(items, item),
    photos.map((p) => p.name),
  );
  const lastPublish = auditRows.find(
    (r) => r.topic === 'articles' && ['publish', 'restore', 'publish_failed'].includes(r.action),
  );
  const view = {
    home,
    draftKey: item.key,
    draft: typed,
    revision: item.draft?.revision ?? '',
    problems: { ...(checked.ok ? {} : checked.fields), ...(extra.form?.fields ?? {}) },
    form: extra.form,
    choices: built.site.articles.choices,
    photos,
    preview: previewHtml(typed.fields.body, built.site.articles.choices),
    lines: linesOf(deps, item, latest),
    saved: extra.saved ? (SAVED[extra.saved] ?? null) : null,
    cannotPublish: deps.publisher.cannotPublish(),
    lastFailure:
      lastPublish?.action === 'publish_failed' && lastPublish.detail.key === item.key
        ? String(lastPublish.detail.reason ?? '')
        : null,
    versions: versionViews(built, versions, BUILT_ARTICLES),
  };
  return workbenchPage(c, built, 'admin-articles', createElement(ArticleEditor, view), {
    status,
    titlePrefix: extra.form?.error ? 'Not saved: ' : undefined,
    missingTitle: 'Articles',
  });
}

/**
 * The addresses of every article but this one, and those the other new drafts would
 * publish to: a new article's address must be free, or publishing it would replace
 * the article (or the other draft, once published) that has it.
 */
export function taken(items: ArticleItem[], item: ArticleItem): string[] {
  return items
    .filter((i) => i !== item)
    .map((i) => i.slug || addressOf(draftOfItem(i)))
    .filter(Boolean);
}
