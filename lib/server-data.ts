/**
 * What the build writes into dist/ for the server: the server runs from dist/,
 * server/ and lib/ alone, and never reads content/ or imports build/, so a deploy
 * needs no sources but those two folders (docs/decisions/010-run-time-apart-from-build-time.md).
 */
import { ADMIN_ROLES } from './admin-topics.ts';
import type { LeadKind } from './lead-schema.ts';
import type { CuratedReviewsFile } from './reviews-curated.ts';
import type { SiteFacts } from './site-facts.ts';
import type { BusinessFacts } from './business-facts.ts';

/** Relative to dist/; files starting with `_` are never served. */
export const SERVER_DATA_FILE = '_server.json';
/**
 * The files one quick rebuild of `npm run dev` wrote (a JSON list of paths inside
 * dist/). SIGUSR2 asks the server to re-read just those (server/index.ts).
 */
export const CHANGED_FILES_FILE = '_changed.json';

/**
 * `npm run dev` only: the file whose id changes with every rebuild (relative to
 * dist/), and the address where the open pages wait for that change (server/site/dev-build-wait.ts).
 */
export const DEV_BUILD_FILE = 'dev-build.json';
export const DEV_BUILD_WAIT_PATH = '/dev-build';

/** The server's React (components/server-render.tsx), bundled by the build; relative to dist/. */
export const SERVER_RENDER_FILE = '_server/render.js';

/**
 * Built pages the server has a part in. Page modules declare their role
 * (`serverRole` in build/routes.ts), so the server learns each path from the
 * route list instead of a literal. The admin screens' roles come from their registry.
 */
export const SERVER_PAGE_ROLES = [
  'lead-forms',
  'consultation-result',
  'inspection-result',
  'issue-report',
  'blog-list',
  'site-search',
  'seo-monitoring',
  'seo-checklist',
  ...ADMIN_ROLES,
] as const;
export type ServerPageRole = (typeof SERVER_PAGE_ROLES)[number];

/**
 * Built public-looking pages only signed-in admins may read: the SEO report and the launch
 * checklist name what is still unconfirmed. The admin guard treats them as admin pages.
 */
export const ADMIN_ONLY_ROLES: readonly ServerPageRole[] = ['seo-monitoring', 'seo-checklist'];

/** True for an admin-only built page, however the path is spelled (`/x`, `/x/`, `/x.html`). */
export function isAdminOnlyPage(data: Pick<ServerData, 'pages'>, path: string): boolean {
  const bare = path.replace(/(?:\/|\.html)$/i, '').toLowerCase();
  return ADMIN_ONLY_ROLES.some((role) => data.pages[role]?.toLowerCase() === bare);
}

/** The roles whose pages are completed per request when they carry a query string (`?ref=…`, `?page=…`, `?category=…`, `?q=…`). */
export const PER_REQUEST_ROLES: readonly ServerPageRole[] = [
  'consultation-result',
  'inspection-result',
  'issue-report',
  'blog-list',
  'site-search',
];

/** The confirmation page each kind of lead lands on, completed per request from the visitor's cookie. */
export const RESULT_ROLE: Readonly<Record<LeadKind, ServerPageRole>> = {
  consultation: 'consultation-result',
  inspection: 'inspection-result',
};

const RESULT_ROLES = Object.values(RESULT_ROLE);

/** True for a confirmation page: it never comes from the static fast path, which cannot read the cookie. */
export function isResultPage(data: Pick<ServerData, 'pages'>, path: string): boolean {
  return RESULT_ROLES.some((role) => data.pages[role] === path);
}

/** True for a page the server completes per request (when it carries a query string). */
export function isPerRequestPage(data: Pick<ServerData, 'pages'>, path: string): boolean {
  return PER_REQUEST_ROLES.some((role) => data.pages[role] === path);
}

export interface ServerData {
  facts: SiteFacts;
  /** The services a lead may name (the same list as the forms' select): the menu labels of content/services/, A to Z. */
  leadServices: string[];
  /**
   * The services and service-area places a gallery project may name, by slug, A to Z by name; and the
   * pages whose illustration a photo may replace (`page` is `<collection>/<slug>`).
   */
  galleryChoices: {
    services: { slug: string; name: string }[];
    locations: { slug: string; name: string }[];
    pages: { page: string; name: string }[];
  };
  /** The path of each page the server has a part in. */
  pages: Record<ServerPageRole, string>;
  /** content/reviews.json, served while Google Places is not configured. */
  curatedReviews: CuratedReviewsFile;
  /** The first-party scripts the settings inject into public pages (hashed names, so they change with a build). */
  settingsScripts: SettingsScripts;
  /** The first-party stylesheets the settings inline into public pages, minified. */
  settingsStyles: SettingsStyles;
  /** Business facts still holding a placeholder (the launch checklist's list), for the dashboard's site health. */
  placeholders: { field: string; value: string; why: string }[];
  /** The business facts as built (content/site.ts with the owner's published ones over it), for /admin/business. */
  business: BusinessFacts;
  /** The blog's articles and what the admin's article editor offers and checks (server/admin/articles/). */
  articles: ArticleData;
  /** The published version of the owner's content this build holds (docs/decisions/061-owner-content-and-publishing.md); null for none. */
  contentStamp: string | null;
}

export interface SettingsStyles {
  /** The site notice's look (components/styles/notice.css): in the head only while a notice is on. */
  siteNotice: string;
}

export interface SettingsScripts {
  /** Loads Google Tag Manager for the container named in its `data-container` attribute: no inline script needed. */
  tagManager: string;
  /** Removes the site notice when its time is up, on pages that were cached before. */
  siteNotice: string;
}

/** An article as the build read it: its front matter (dates as YYYY-MM-DD) and its Markdown body, tokens unreplaced. */
export interface ArticleEntry {
  slug: string;
  data: Record<string, unknown>;
  body: string;
  /** True when the owner's published version replaced or added it (the overlay's blog/). */
  owner: boolean;
}

export interface ArticleData {
  entries: ArticleEntry[];
  choices: {
    /** The sources an article may name, A to Z by publisher. */
    sources: { id: string; label: string }[];
    /** The pictures an article may show (content/images/ and the owner's). */
    images: string[];
    /** Where the build serves each picture (for the editor's preview). */
    imageUrls: Record<string, string>;
    /** Each figure as a page prints it, with its basis, by id. */
    figures: Record<string, { text: string; basis: string }>;
    /** The business-fact tokens and what they print now. */
    tokens: Record<string, string>;
  };
}
