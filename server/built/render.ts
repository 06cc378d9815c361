import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ServerRenderModule from '../../components/server-render.tsx';
import { SERVER_RENDER_FILE } from '../../lib/server-data.ts';

/** The React the server renders at run time, as the build bundled it (dist/_server/render.js). */
export type ServerRender = typeof ServerRenderModule;

/**
 * Imports the build's bundle of the server's React. The file's modification time
 * is part of the URL, so a reloaded build's bundle is imported afresh.
 * @throws with one sentence when the build did not write it.
 */
export async function loadServerRender(distDir: string): Promise<ServerRender> {
  const file = path.join(distDir, SERVER_RENDER_FILE);
  let modified: number;
  try {
    modified = (await stat(file)).mtimeMs;
  } catch {
    throw new Error(`${file} is missing: it is written by the build, so run \`npm run build\` first.`);
  }
  return (await import(`${pathToFileURL(file).href}?v=${Math.round(modified)}`)) as ServerRender;
}
