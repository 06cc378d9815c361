import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The admin's browser code: the entry the build bundles, and every `enhance.ts` of a topic. */
const browserFiles = (): string[] => [
  'server/admin/browser-entry.ts',
  ...fs
    .readdirSync(path.join(ROOT, 'server/admin'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'enhance.ts')
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
];

describe("the admin's browser code", () => {
  it('imports only packages, lib/ and the browser code of server/admin, and no Node module', async () => {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: browserFiles(),
      bundle: true,
      write: false,
      outdir: path.join(ROOT, '.cache', 'admin-browser-graph'),
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    const external = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external || i.path.startsWith('node:')).map((i) => i.path),
    );
    expect(external).toEqual([]);
    const outside = inputs.filter(
      (file) =>
        !file.startsWith('node_modules/') &&
        !file.startsWith('lib/') &&
        !file.startsWith('server/admin/browser') && // browser/ and browser-entry.ts
        !file.endsWith('/enhance.ts'),
    );
    expect(outside).toEqual([]);
  });
});
