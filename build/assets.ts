import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { BuiltAssets } from '../components/page-context.ts';
import { DEFERRED_SHEETS, PAGE_SHEETS, type PageSheet } from '../components/page-sheets.ts';
import { SERVER_RENDER_FILE, type SettingsScripts, type SettingsStyles } from '../lib/server-data.ts';
import { CLIENT_DIR, ROOT } from './paths.ts';

/** Browsers the client bundle targets: what can run native ES modules with dynamic import. */
const TARGETS = ['chrome100', 'edge100', 'firefox100', 'safari15.4'];

/** Island names, from the folder listing: adding an island is adding a file. */
export function islandNames(): string[] {
  const dir = path.join(CLIENT_DIR, 'islands');
  return fs
    .readdirSync(dir)
    .filter((f) => /^[A-Z][A-Za-z0-9]*\.tsx$/.test(f))
    .map((f) => f.replace(/\.tsx$/, ''))
    .sort();
}

/** `virtual:islands` → `{ Name: () => import('client/islands/Name.tsx') }`, one lazy chunk per island. */
const islandsPlugin: esbuild.Plugin = {
  name: 'islands',
  setup(build) {
    build.onResolve({ filter: /^virtual:islands$/ }, () => ({ path: 'islands', namespace: 'islands' }));
    build.onLoad({ filter: /.*/, namespace: 'islands' }, () => ({
      resolveDir: path.join(CLIENT_DIR, 'islands'),
      loader: 'ts',
      contents: `export const islands = {\n${islandNames()
        .map((name) => `  ${name}: () => import('./${name}.tsx'),`)
        .join('\n')}\n};\n`,
    }));
  },
};

export interface AssetResult {
  assets: BuiltAssets;
  /** dist-relative output files with their byte sizes. */
  outputs: Record<string, number>;
  /** esbuild's metafile of the client bundle: every output chunk and what it imports. */
  metafile: esbuild.Metafile;
}

/**
 * Modules that hold the page's state for the entry (which island is hydrating): a second
 * copy in a lazy chunk would not see it, so lazy code gets their functions from the entry.
 */
const ENTRY_ONLY = ['client/islands-runtime.ts'];

/**
 * Lazy chunks built on their own, without splitting: the behaviours (client/behaviours/) share no
 * state with the islands, and split with them each imported esbuild's helper chunk as well, one
 * more file fetched, compiled and run (docs/decisions/074-deferred-sheets-on-first-need.md).
 * What they share with the entry (the focus trap) is copied, as the entry's own copies are.
 * A behaviour that reaches the islands' state (the toasts in client/state.ts) stays split with
 * them, or it would hold a copy of that state of its own: the build fails if one does not.
 */
const SPLIT_BEHAVIOURS = ['shingle-search.ts'];
const ISLAND_STATE = ['client/state.ts', 'client/islands-runtime.ts'];
const isStandalone = (file: string) =>
  path.dirname(file) === path.join(CLIENT_DIR, 'behaviours') && !SPLIT_BEHAVIOURS.includes(path.basename(file));

type DynamicImport = (resolved: string) => esbuild.OnResolveResult;

/** Hands every dynamic import, resolved to its absolute path, to `onImport`. */
function dynamicImports(onImport: DynamicImport): esbuild.Plugin {
  return {
    name: 'dynamic-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'inner') return undefined;
        const { path: resolved, errors } = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'inner',
        });
        return errors.length > 0 ? { errors } : onImport(resolved);
      });
    },
  };
}

/** The modules the entry imports lazily, from a quick pass that writes nothing. */
async function lazyTargets(entry: string): Promise<string[]> {
  const found = new Set<string>();
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [
      dynamicImports((resolved) => {
        found.add(resolved);
        return { path: resolved, external: true };
      }),
    ],
  });
  return [...found].sort();
}

/**
 * Bundles the browser scripts. The entry is one file holding everything it imports
 * statically: with esbuild's code splitting, each module it shared with a lazy chunk
 * became its own tiny chunk, and a phone
 * paid a fetch, a compile and a module instantiation for each at load. What it imports
 * lazily (islands, React, the behaviours of a few pages) is a second build, split into
 * chunks that share code among themselves; a small stateless module both use is copied
 * into each side (docs/decisions/073-entry-in-one-module.md).
 */
async function bundleScripts(distDir: string, dev: boolean): Promise<esbuild.Metafile> {
  const common = {
    absWorkingDir: ROOT,
    outdir: distDir,
    bundle: true,
    format: 'esm',
    minify: !dev,
    sourcemap: 'linked',
    target: TARGETS,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  } satisfies esbuild.BuildOptions;
  const entryFile = path.join(CLIENT_DIR, 'entries', 'entry.ts');
  const targets = await lazyTargets(entryFile);
  const chunks = { entryNames: 'assets/chunks/[name]-[hash]', chunkNames: 'assets/chunks/[name]-[hash]' };
  const [lazy, standalone] = await Promise.all([
    esbuild.build({
      ...common,
      ...chunks,
      entryPoints: targets.filter((file) => !isStandalone(file)),
      splitting: true,
      plugins: [islandsPlugin],
    }),
    esbuild.build({ ...common, ...chunks, entryPoints: targets.filter(isStandalone) }),
  ]);
  const copied = ISLAND_STATE.filter((file) => standalone.metafile.inputs[file]);
  if (copied.length > 0)
    throw new Error(`build: a behaviour built on its own imports ${copied.join(', ')}; list it in SPLIT_BEHAVIOURS`);
  const inputs = { ...lazy.metafile.inputs, ...standalone.metafile.inputs };
  const shared = ENTRY_ONLY.filter((file) => inputs[file]);
  if (shared.length > 0) throw new Error(`build: a lazy chunk imports ${shared.join(', ')}, which only the entry may hold`);
  const chunkOf = new Map<string, string>();
  for (const [file, info] of Object.entries({ ...lazy.metafile.outputs, ...standalone.metafile.outputs })) {
    if (info.entryPoint) chunkOf.set(path.resolve(ROOT, info.entryPoint), path.resolve(ROOT, file));
  }
  const entry = await esbuild.build({
    ...common,
    entryPoints: { entry: entryFile },
    entryNames: 'assets/[name]-[hash]',
    plugins: [
      dynamicImports((resolved) => {
        const chunk = chunkOf.get(resolved);
        if (!chunk) return { errors: [{ text: `no lazy chunk was built for ${resolved}` }] };
        const from = path.resolve(ROOT, distDir, 'assets');
        return { path: `./${path.relative(from, chunk).split(path.sep).join('/')}`, external: true };
      }),
    ],
  });
  return {
    inputs: { ...inputs, ...entry.metafile.inputs },
    outputs: { ...lazy.metafile.outputs, ...standalone.metafile.outputs, ...entry.metafile.outputs },
  };
}

/** Bundles the browser scripts and the stylesheet (returned as text for inlining). */
export async function buildAssets(distDir: string, options: { dev?: boolean } = {}): Promise<AssetResult> {
  const js = { metafile: await bundleScripts(distDir, Boolean(options.dev)) };
  // The stylesheet is inlined into every page, so it is
  // not written as a file. Public pages use no web font (docs/decisions/017-first-paint-lantern.md).
  const css = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      site: path.join(ROOT, 'components', 'styles', 'site.css'),
      ...Object.fromEntries(
        Object.entries(PAGE_SHEETS).map(([name, file]) => [name, path.join(ROOT, 'components', 'styles', file)]),
      ),
    },
    outdir: distDir,
    entryNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    publicPath: '/',
    bundle: true,
    minify: !options.dev,
    loader: { '.woff2': 'file' },
    target: TARGETS,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  let inlineCss = '';
  const sheets: Partial<Record<PageSheet, string>> = {};
  const sheetFiles: Partial<Record<PageSheet, string>> = {};
  for (const file of css.outputFiles) {
    if (file.path.endsWith('.css')) {
      const name = path.basename(file.path).replace(/-[^-]+\.css$/, '');
      if (name === 'site') inlineCss = file.text;
      else sheets[name as PageSheet] = file.text;
      if ((DEFERRED_SHEETS as readonly string[]).includes(name)) {
        fs.mkdirSync(path.dirname(file.path), { recursive: true });
        fs.writeFileSync(file.path, file.contents);
        sheetFiles[name as PageSheet] = `/${path.relative(distDir, file.path).split(path.sep).join('/')}`;
      }
    } else {
      fs.mkdirSync(path.dirname(file.path), { recursive: true });
      fs.writeFileSync(file.path, file.contents);
    }
  }
  const outputs: Record<string, number> = {};
  const rel = (file: string) => path.relative(distDir, path.resolve(ROOT, file)).split(path.sep).join('/');
  for (const [file, info] of [...Object.entries(js.metafile.outputs), ...Object.entries(css.metafile.outputs)]) {
    if (!file.endsWith('.css')) outputs[rel(file)] = info.bytes;
  }
  const find = (pattern: RegExp) => {
    const hit = Object.keys(outputs).find((f) => pattern.test(f));
    if (!hit) throw new Error(`build: no output matches ${pattern}`);
    return `/${hit}`;
  };
  return {
    assets: { entry: find(/^assets\/entry-[^/]+\.js$/), inlineCss, sheets: completeSheets(sheets), sheetFiles },
    outputs,
    metafile: js.metafile,
  };
}

/**
 * Bundles what the server renders at run time (components/server-render.tsx) into
 * dist/, so a deploy needs no components/ or client/ sources. Packages stay
 * external (node_modules sits beside dist/), and names are kept: an island's
 * marker is its component's name.
 */
export async function bundleServerRender(distDir: string): Promise<void> {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'components', 'server-render.tsx')],
    outfile: path.join(distDir, SERVER_RENDER_FILE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node22',
    jsx: 'automatic',
    keepNames: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
}

export interface AdminAssetResult {
  /** The admin pages' script and stylesheet. */
  admin: string;
  adminCss: string;
  /** The scripts the settings inject into public pages. */
  settingsScripts: SettingsScripts;
  /** The stylesheets the settings inline into public pages, as text. */
  settingsStyles: SettingsStyles;
  outputs: Record<string, number>;
}

/**
 * Bundles what only the admin pages load (server/admin/browser-entry.ts, admin.css) and the
 * small scripts the settings inject into public pages, apart from the public
 * bundle: no chunk is shared with it, so the public pages' JavaScript is unchanged.
 * The injected scripts are classic scripts (IIFE): the tag-manager bootstrap reads
 * its own `data-container` through document.currentScript, which modules lack.
 */
export async function buildAdminAssets(distDir: string, options: { dev?: boolean } = {}): Promise<AdminAssetResult> {
  const common = {
    absWorkingDir: ROOT,
    outdir: distDir,
    entryNames: 'assets/[name]-[hash]',
    bundle: true,
    minify: !options.dev,
    target: TARGETS,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  } satisfies esbuild.BuildOptions;
  const [admin, injected, css, noticeCss] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { admin: path.join(ROOT, 'server', 'admin', 'browser-entry.ts') },
      format: 'esm',
      sourcemap: 'linked',
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
    esbuild.build({
      ...common,
      entryPoints: {
        'tag-manager': path.join(CLIENT_DIR, 'injected', 'tag-manager.ts'),
        'site-notice': path.join(CLIENT_DIR, 'injected', 'site-notice.ts'),
      },
      format: 'iife',
    }),
    esbuild.build({
      ...common,
      entryPoints: { admin: path.join(ROOT, 'components', 'styles', 'admin.css') },
      assetNames: 'assets/[name]-[hash]',
      loader: { '.woff2': 'file' },
    }),
    // Inlined by the server while a notice is on, so it is kept as text, not written as a file.
    esbuild.build({
      ...common,
      entryPoints: { 'site-notice': path.join(ROOT, 'components', 'styles', 'notice.css') },
      write: false,
    }),
  ]);
  const outputs: Record<string, number> = {};
  const rel = (file: string) => path.relative(distDir, path.resolve(ROOT, file)).split(path.sep).join('/');
  for (const result of [admin, injected, css]) {
    for (const [file, info] of Object.entries(result.metafile.outputs)) outputs[rel(file)] = info.bytes;
  }
  const find = (pattern: RegExp) => {
    const hit = Object.keys(outputs).find((f) => pattern.test(f));
    if (!hit) throw new Error(`build: no output matches ${pattern}`);
    return `/${hit}`;
  };
  return {
    admin: find(/^assets\/admin-[^/]+\.js$/),
    adminCss: find(/^assets\/admin-[^/]+\.css$/),
    settingsScripts: {
      tagManager: find(/^assets\/tag-manager-[^/]+\.js$/),
      siteNotice: find(/^assets\/site-notice-[^/]+\.js$/),
    },
    settingsStyles: { siteNotice: noticeCss.outputFiles[0]!.text.trim() },
    outputs,
  };
}

function completeSheets(sheets: Partial<Record<PageSheet, string>>): Record<PageSheet, string> {
  for (const name of Object.keys(PAGE_SHEETS) as PageSheet[]) {
    if (sheets[name] === undefined) throw new Error(`build: the ${name} stylesheet was not built`);
  }
  return sheets as Record<PageSheet, string>;
}

/** The URL of `npm run dev`'s page script (client/entries/dev-reload.ts), which the dev pages load. */
export const DEV_RELOAD_URL = '/dev-reload.js';

/**
 * Bundles the dev page script into distDir. Synchronous, because the dev-reload
 * browser test writes its dist/ without a build.
 */
export function writeDevReload(distDir: string): void {
  esbuild.buildSync({
    absWorkingDir: ROOT,
    entryPoints: [path.join(CLIENT_DIR, 'entries', 'dev-reload.ts')],
    outfile: path.join(distDir, DEV_RELOAD_URL.slice(1)),
    bundle: true,
    format: 'esm',
    minify: true,
    target: TARGETS,
    legalComments: 'none',
    logLevel: 'silent',
  });
}
