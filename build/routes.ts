import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageModule, Redirect } from '../components/page-module.ts';
import { SERVER_PAGE_ROLES, type ServerPageRole } from '../lib/server-data.ts';
import { PAGES_DIR } from './paths.ts';

export interface Route {
  /** Canonical URL path, no trailing slash. */
  path: string;
  /** Page module, relative to the project root. */
  file: string;
  params: Record<string, string>;
  /** Output file relative to dist/. */
  output: string;
}

/** Pages that are files in pages/ but not URLs: they become dist/404.html and are served by the server's not-found handler. */
const SPECIAL = new Set(['404']);

const modules = new Map<string, Promise<PageModule>>();

export function loadPageModule(file: string): Promise<PageModule> {
  let mod = modules.get(file);
  if (!mod) {
    mod = import(pathToFileURL(path.join(PAGES_DIR, '..', file)).href) as Promise<PageModule>;
    modules.set(file, mod);
  }
  return mod;
}

function pageFiles(dir = PAGES_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) return pageFiles(abs);
      if (!entry.name.endsWith('.tsx') || entry.name.startsWith('_') || entry.name.includes('.test.')) return [];
      return [abs];
    })
    .sort();
}

/** dist/ file for a URL path: `/` → index.html, `/blog/x` → blog/x.html. */
export function outputFor(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`;
}

/** The page files that are not routes, with their output file. */
export function specialPages(): { file: string; output: string }[] {
  return pageFiles()
    .filter((abs) => SPECIAL.has(path.basename(abs, '.tsx')) && path.dirname(abs) === PAGES_DIR)
    .map((abs) => ({ file: path.relative(path.join(PAGES_DIR, '..'), abs), output: `${path.basename(abs, '.tsx')}.html` }));
}

/**
 * Every URL of the site, derived from pages/ and the collections the pages own.
 * The only code that knows the URL set: the build, sitemap, /sitemap page,
 * server redirects and the tests all use it.
 */
export async function listRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const abs of pageFiles()) {
    const rel = path.relative(PAGES_DIR, abs).replace(/\.tsx$/, '');
    if (SPECIAL.has(rel)) continue;
    const file = path.relative(path.join(PAGES_DIR, '..'), abs);
    const segments = rel.split(path.sep);
    if (segments.at(-1) === 'index') segments.pop();
    const last = segments.at(-1) ?? '';
    const dynamic = /^\[([a-z]+)\]$/.exec(last);
    if (!dynamic) {
      const urlPath = `/${segments.join('/')}`;
      routes.push({ path: urlPath, file, params: {}, output: outputFor(urlPath) });
      continue;
    }
    const mod = await loadPageModule(file);
    if (!mod.paths) throw new Error(`${file}: a [${dynamic[1]}] page must export paths()`);
    for (const value of mod.paths()) {
      const urlPath = `/${[...segments.slice(0, -1), value].join('/')}`;
      routes.push({ path: urlPath, file, params: { [dynamic[1]]: value }, output: outputFor(urlPath) });
    }
  }
  const seen = new Map<string, string>();
  for (const route of routes) {
    const other = seen.get(route.path);
    if (other) throw new Error(`${route.path} is produced by both ${other} and ${route.file}`);
    seen.set(route.path, route.file);
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The routes that render one collection entry: a dynamic page in that
 * collection's folder of pages/ (or at the top level) given the entry's slug.
 * The dev server renders these first after the entry's file is edited.
 */
export function routesOfEntry(routes: readonly Route[], collection: string, slug: string): Route[] {
  return routes.filter((route) => {
    const dir = path.dirname(route.file).split(path.sep).join('/');
    return Object.values(route.params).includes(slug) && (dir === `pages/${collection}` || dir === 'pages');
  });
}

/** Permanent redirects declared by pages (location aliases and the like). */
export async function listRedirects(routes?: Route[]): Promise<Redirect[]> {
  const all = routes ?? (await listRoutes());
  const files = [...new Set(all.map((r) => r.file))];
  const known = new Set(all.map((r) => r.path));
  const redirects: Redirect[] = [];
  for (const file of files) {
    const mod = await loadPageModule(file);
    for (const r of mod.redirects?.() ?? []) {
      if (!known.has(r.to)) throw new Error(`${file}: redirect ${r.from} → ${r.to} points to no route`);
      if (known.has(r.from)) throw new Error(`${file}: redirect ${r.from} would shadow a route`);
      redirects.push(r);
    }
  }
  return redirects.sort((a, b) => a.from.localeCompare(b.from));
}

/** The path of every page the server has a part in, from the modules' `serverRole` (or `serverRoleOf` an instance); each role exactly once. */
export async function serverPagePaths(routes: Route[]): Promise<Record<ServerPageRole, string>> {
  const found = new Map<ServerPageRole, string>();
  for (const route of routes) {
    const mod = await loadPageModule(route.file);
    const role = mod.serverRole ?? mod.serverRoleOf?.(route.params);
    if (!role) continue;
    const other = found.get(role);
    if (other) throw new Error(`${route.path} and ${other} both declare serverRole "${role}"`);
    found.set(role, route.path);
  }
  const missing = SERVER_PAGE_ROLES.filter((role) => !found.has(role));
  if (missing.length) throw new Error(`No page declares serverRole ${missing.map((r) => `"${r}"`).join(', ')}`);
  return Object.fromEntries(found) as Record<ServerPageRole, string>;
}
