/**
 * The build entry the publish bench gives the publisher for an article change:
 * it lays BENCH_ARTICLE_FILE into the overlay the publisher wrote (as `blog/<name>`,
 * replacing content/'s article of that slug), then runs the real build. An article is
 * published the way the overlay carries any collection entry
 * (docs/decisions/061-owner-content-and-publishing.md).
 */
import fs from 'node:fs';
import path from 'node:path';

const article = process.env.BENCH_ARTICLE_FILE;
const overlay = process.env.CONTENT_OVERLAY_DIR;
if (!article || !overlay) throw new Error('BENCH_ARTICLE_FILE and CONTENT_OVERLAY_DIR must be set');
fs.mkdirSync(path.join(overlay, 'blog'), { recursive: true });
fs.copyFileSync(article, path.join(overlay, 'blog', path.basename(article)));
await import('../build/index.ts');
