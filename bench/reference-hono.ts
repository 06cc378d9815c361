/**
 * The reference server of the serving figures: "a Hono app answering from an
 * in-memory map of the built files". Not the product: `npm run bench` starts it
 * next to ours and nginx so the three are measured in one run on one machine.
 * Usage: tsx bench/reference-hono.ts <dist> <port>
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { urlPathForFile } from '../server/site/dist-reader.ts';
import { contentTypeFor } from '../server/site/responses.ts';

const [dist = 'dist', port = '0'] = process.argv.slice(2);
const files = new Map<string, { type: string; identity: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }>();
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || entry.name.endsWith('.gz') || entry.name.endsWith('.br')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const urlPath = urlPathForFile(path.relative(dist, file).split(path.sep).join('/'));
  if (urlPath === null) continue;
  let gzip: Uint8Array<ArrayBuffer> | undefined;
  try {
    gzip = readFileSync(`${file}.gz`);
  } catch {
    // No precompressed copy.
  }
  files.set(urlPath, { type: contentTypeFor(file), identity: readFileSync(file), gzip });
}

const app = new Hono();
app.get('*', (c) => {
  const file = files.get(c.req.path);
  if (!file) return c.notFound();
  if (file.gzip && c.req.header('accept-encoding')?.includes('gzip')) {
    return c.body(file.gzip, 200, { 'content-type': file.type, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
  }
  return c.body(file.identity, 200, { 'content-type': file.type });
});
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
