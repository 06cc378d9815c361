/**
 * Where the owner's published content is laid over content/ for a build
 * (docs/decisions/061-owner-content-and-publishing.md): CONTENT_OVERLAY_DIR, else
 * <DATA_DIR>/owner-content when it exists. It holds business.json, stamp.json, and
 * folders shaped like content/'s: <collection>/<slug>.md (an entry added, or one
 * of content/'s replaced by slug) and images/ (a picture added, or one replaced).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The overlay folder a build reads, or null when there is none. */
export function overlayDir(env: Record<string, string | undefined> = process.env): string | null {
  if (env.CONTENT_OVERLAY_DIR) return path.resolve(ROOT, env.CONTENT_OVERLAY_DIR);
  const fallback = path.resolve(ROOT, env.DATA_DIR ?? 'data', 'owner-content');
  return fs.existsSync(fallback) ? fallback : null;
}

/** How a file of the overlay is named in messages: relative to the project when inside it. */
export function overlayLabel(file: string): string {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') ? file : relative;
}
