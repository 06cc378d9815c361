import path from 'node:path';
import type { Built } from '../built/built.ts';
import { loadServerRender, type ServerRender } from '../built/render.ts';
import { readState, updatedState, type State } from './dist-reader.ts';
import { decodePath, etagMatches, pick } from './negotiation.ts';
import { injectedOnDemand, injectedServed, plainServed, type InjectionSource, type Served } from './page-injection.ts';
import type { StaticHit, StaticResponse } from './responses.ts';

/** The files of dist/ held in memory, with what the build wrote for the server (`Built`); see `loadSiteFiles`. */
export interface SiteFiles extends Built {
  readonly distDir: string;
  /**
   * Answers a GET or HEAD for a built file, or `undefined` when the build has
   * nothing for it (other methods, unknown paths, `_` files, redirect sources).
   * `path` is the raw request path; a query string is ignored, percent-escapes are decoded.
   * Picks br > gzip > identity from Accept-Encoding (q=0 excludes) and answers 304
   * when If-None-Match names the chosen variant. `https` adds HSTS (see security.ts).
   * The Hono app and the raw node:http fast path both call this, so they cannot disagree.
   */
  lookup(
    method: string,
    path: string,
    acceptEncoding: string | null | undefined,
    ifNoneMatch: string | null | undefined,
    https?: boolean,
  ): StaticHit | undefined;
  /** The 404 page (dist/404.html, negotiated like any page) with `X-Robots-Tag: noindex`. */
  notFound(method: string, acceptEncoding: string | null | undefined, https?: boolean): StaticResponse<404>;
  /** The permanent redirect target for a path listed in `_redirects.json`, if any. */
  redirectFor(path: string): string | undefined;
  /** True when `path` (raw, as `lookup` takes it) names a built file or a redirect source: a page, whatever the method. */
  has(path: string): boolean;
  /** The URL paths served, sorted. */
  paths(): string[];
  /** Re-reads `distDir` and swaps the new contents in at once; requests keep being answered meanwhile. */
  reload(): Promise<void>;
  /**
   * Re-reads only `files` (paths inside `distDir`, such as `blog/post.html`), which a
   * build changed, added or removed, and keeps everything else as loaded: the dev
   * server's reload after one edited page. Server data, redirects and
   * admin pages are not re-read: changes to them need `reload()`.
   */
  reloadFiles(files: readonly string[]): Promise<void>;
  /**
   * Resolves the next time what is served changes: a `reload()`, a `reloadFiles()` or new
   * settings applied. Also resolves when `signal` aborts, and then the caller is forgotten:
   * a dev page's wait that ended otherwise must not stay referenced until the next build.
   */
  changed(signal?: AbortSignal): Promise<void>;
  /**
   * The built HTML of an admin page (`/admin`, `/admin/...`). Admin pages are never
   * answered by `lookup`: only the server's guarded admin routes hand them out.
   */
  adminPage(path: string): string | undefined;
  /**
   * Serves every public HTML page (and the 404 page) with what `source` makes
   * inserted, or as built for null. The source is asked again for each build
   * (`reload()`), since script paths and the renderer change with it. Once the source
   * has answered, every lookup serves the new pages: each is made (its bytes at a fast
   * compression, ETags and headers) the first time it is asked for, so a change never
   * waits for every page to be remade; then all of them are remade at the build's
   * compression in the background and swapped in at once. Resolves when the new pages
   * are being served.
   */
  setInjection(source: InjectionSource | null): Promise<void>;
  /** The Content-Security-Policy public pages are served with now (the one that goes with the injection). */
  publicPolicy(): string;
  /** Resolves when the injected pages served now are compressed as the build would (the background pass is done). */
  settled(): Promise<void>;
}

function renderOf(root: string, state: State): Promise<ServerRender> {
  state.render ??= loadServerRender(root).catch((error: unknown) => {
    // Not cached: a build finished later may have written it.
    state.render = undefined;
    throw error;
  });
  return state.render;
}

async function servedFor(root: string, state: State, source: InjectionSource | null): Promise<Served> {
  const injection = source && (await source({ site: state.site, render: () => renderOf(root, state) }));
  return injection ? injectedOnDemand(state, injection) : plainServed(state);
}

/**
 * Loads every file of the build (`distDir`, absolute) with its .br/.gz variants,
 * ETags and response headers precomputed, so serving a hit is a map lookup.
 * @throws when the folder is missing, or `_server.json` or `_redirects.json` is missing or malformed.
 */
// Long because every method of the returned object closes over the one state it swaps; split, they would share it through a mutable holder.
export async function loadSiteFiles(distDir: string): Promise<SiteFiles> {
  const root = path.resolve(distDir);
  let state = await readState(root);
  let served = plainServed(state);
  let injection: InjectionSource | null = null;
  let applying = 0;
  const waiting = new Set<() => void>();
  // Every swap of `served` for new content goes through here, so waiters on changed() hear of each.
  const serve = (next: Served) => {
    served = next;
    for (const heard of [...waiting]) heard();
  };

  // Once a change is served, the same pages compressed as the build does replace them in the background.
  let refining: Promise<void> = Promise.resolve();
  const refine = () => {
    const call = applying;
    const base = state;
    const fast = served;
    if (!fast.injection || fast.final) return;
    const current = () => call === applying && base === state && served === fast;
    refining = injectedServed(base, fast.injection, true, current).then(
      (best) => {
        if (best && current()) served = best;
      },
      (error: unknown) => console.error('Could not recompress the pages with the settings:', error),
    );
  };

  // Makes `served` match the current state and injection; a later call or a reload supersedes it.
  const apply = async () => {
    const call = ++applying;
    for (;;) {
      const base = state;
      const wanted = injection;
      const next = await servedFor(root, base, wanted);
      if (call !== applying) return;
      if (base === state && wanted === injection) {
        serve(next);
        refine();
        return;
      }
    }
  };

  return {
    distDir: root,
    get site() {
      return state.site;
    },
    render() {
      return renderOf(root, state);
    },
    lookup(method, urlPath, acceptEncoding, ifNoneMatch, https = false) {
      const isHead = method === 'HEAD';
      if (!isHead && method !== 'GET') return undefined;
      const queryStart = urlPath.indexOf('?');
      if (queryStart !== -1) urlPath = urlPath.slice(0, queryStart);
      const files = served.files;
      let entry = files.get(urlPath);
      if (entry === undefined) {
        if (!urlPath.includes('%')) return undefined;
        const decoded = decodePath(urlPath);
        entry = decoded === undefined ? undefined : files.get(decoded);
        if (entry === undefined) return undefined;
      }
      const variant = pick(entry, acceptEncoding);
      const index = https ? 1 : 0;
      if (ifNoneMatch && etagMatches(ifNoneMatch, variant.etag)) return variant.notModified[index];
      return isHead ? variant.head[index] : variant.ok[index];
    },
    notFound(method, acceptEncoding, https = false) {
      const variant = pick(served.notFound, acceptEncoding);
      return (method === 'HEAD' ? variant.head : variant.get)[https ? 1 : 0];
    },
    redirectFor(urlPath) {
      return state.redirects.get(urlPath);
    },
    has(urlPath) {
      const queryStart = urlPath.indexOf('?');
      if (queryStart !== -1) urlPath = urlPath.slice(0, queryStart);
      const known = (p: string) => state.files.has(p) || state.redirects.has(p) || state.admin.has(p);
      if (known(urlPath)) return true;
      const decoded = urlPath.includes('%') ? decodePath(urlPath) : undefined;
      return decoded !== undefined && known(decoded);
    },
    paths() {
      return [...state.files.keys(), ...state.admin.keys()].sort();
    },
    async reload() {
      const next = await readState(root);
      const wanted = injection;
      // The new build is swapped in with the settings already in its pages.
      const nextServed = await servedFor(root, next, wanted);
      state = next;
      serve(nextServed);
      if (wanted !== injection) await apply();
      else refine();
    },
    async reloadFiles(changed) {
      const before = state;
      const { state: next, paths, notFoundChanged } = await updatedState(root, state, changed);
      const wanted = injection;
      const base = served;
      // With an injection, only the changed pages are injected again; the others keep theirs.
      const nextServed =
        wanted && base.injection
          ? await injectedServed(next, base.injection, false, () => true, { paths, notFoundChanged, previous: base })
          : wanted
            ? await servedFor(root, next, wanted)
            : plainServed(next);
      // A full reload that finished meanwhile read these files too.
      if (!nextServed || state !== before) return;
      state = next;
      serve(nextServed);
      if (wanted !== injection) await apply();
      else refine();
    },
    adminPage(urlPath) {
      return state.admin.get(urlPath);
    },
    setInjection(next) {
      injection = next;
      return apply();
    },
    publicPolicy() {
      return served.policy;
    },
    settled() {
      return refining;
    },
    changed(signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const heard = () => {
          waiting.delete(heard);
          signal?.removeEventListener('abort', heard);
          resolve();
        };
        waiting.add(heard);
        signal?.addEventListener('abort', heard);
      });
    },
  };
}
