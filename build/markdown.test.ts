import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../content/site.ts';
import type { ImageManifest } from '../components/page-context.ts';
import { replaceTokens } from '../content/layer/tokens.ts';
import { renderMarkdown, saveMarkdownCache, useMarkdownCache } from './markdown.ts';

const images: ImageManifest = new Map([
  [
    'roof.svg',
    {
      name: 'roof.svg',
      width: 1600,
      height: 1000,
      placeholder: 'data:image/webp;base64,AAAA',
      avif: [480, 768].map((w) => ({ width: w, url: `/img/roof-abc-${w}.avif` })),
      webp: [480, 768].map((w) => ({ width: w, url: `/img/roof-abc-${w}.webp` })),
    },
  ],
]);

describe('markdown rendering', () => {
  it('gives headings stable, unique ids', () => {
    const { html, headings } = renderMarkdown('## Storm prep\n\ntext\n\n## Storm prep\n\n### What *to* do', 'x.md', images);
    expect(html).toContain('<h2 id="storm-prep">Storm prep</h2>');
    expect(html).toContain('<h2 id="storm-prep-1">Storm prep</h2>');
    expect(html).toContain('<h3 id="what-to-do">What <em>to</em> do</h3>');
    expect(headings.map((h) => h.id)).toEqual(['storm-prep', 'storm-prep-1', 'what-to-do']);
  });

  it('marks external links noopener noreferrer and leaves internal links alone', () => {
    const { html } = renderMarkdown('[NHC](https://www.nhc.noaa.gov/) and [repairs](/services/roof-repairs)', 'x.md', images);
    expect(html).toContain('<a href="https://www.nhc.noaa.gov/" rel="noopener noreferrer external">NHC</a>');
    expect(html).toContain('<a href="/services/roof-repairs">repairs</a>');
  });

  it('replaces business-fact tokens from the facts file', () => {
    expect(replaceTokens('Call {{phone}} ({{ tel }})', 'x.md')).toBe(
      `Call ${site.phone} (tel:+1${site.phone.replace(/\D/g, '')})`,
    );
  });

  it('rejects an unknown token, naming the file and the token', () => {
    expect(() => replaceTokens('{{fax}}', 'content/blog/a.md')).toThrow(/content\/blog\/a\.md: unknown token \{\{fax\}\}/);
  });

  it('turns an image into a lazy responsive picture with its intrinsic size', () => {
    const { html } = renderMarkdown('![A new roof](roof.svg)', 'x.md', images);
    expect(html).toContain('width="1600"');
    expect(html).toContain('height="1000"');
    expect(html).toContain('data-lazy=""');
    expect(html).toContain('/img/roof-abc-480.avif 480w, /img/roof-abc-768.avif 768w');
    expect(html).toContain('alt="A new roof"');
  });

  it('fails on an image that is not in content/images', () => {
    expect(() => renderMarkdown('![x](missing.png)', 'content/blog/b.md', images)).toThrow(
      /content\/blog\/b\.md: image "missing\.png"/,
    );
  });
});

describe('rendered Markdown kept between builds', () => {
  it('reuses a body rendered by an earlier run, and keeps only what this run used', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-markdown-'));
    try {
      const file = path.join(dir, 'markdown.json');
      useMarkdownCache(file);
      const first = renderMarkdown('## Flashing\n\nSealed at the chimney.', 'content/blog/cache-test.md', new Map());
      expect(first.html).toContain('<h2 id="flashing">Flashing</h2>');
      saveMarkdownCache();
      // Mark the stored rendering, so that only a hit can return it.
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { html: string }>;
      expect(Object.keys(stored)).toHaveLength(1);
      for (const entry of Object.values(stored)) entry.html = 'FROM THE CACHE';
      fs.writeFileSync(file, JSON.stringify(stored));

      useMarkdownCache(file);
      // A new manifest with the same contents: no in-memory hit, the same key.
      expect(renderMarkdown('## Flashing\n\nSealed at the chimney.', 'content/blog/cache-test.md', new Map()).html).toBe(
        'FROM THE CACHE',
      );
      // Other text is another key.
      expect(renderMarkdown('## Valleys', 'content/blog/cache-test.md', new Map()).html).toContain('id="valleys"');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
