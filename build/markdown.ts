import { Marked, type Tokens } from 'marked';
import { site, telHref } from '../content/site.ts';
import { guidesClaim } from './content.ts';
import type { ImageManifest } from './images.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Picture from '../components/Picture.tsx';

/** Tokens content may use instead of business-fact literals (docs/content-guide.md). */
export function contentTokens(): Record<string, string> {
  return {
    name: site.name,
    phone: site.phone,
    tel: telHref(),
    email: site.email,
    serviceArea: site.serviceArea,
    radius: String(site.radiusMiles),
    since: String(site.foundedYear),
    roofs: site.claims.roofsProtected,
    rating: site.claims.rating,
    onSite: site.claims.onSite,
    sameDay: site.claims.sameDayEstimates,
    financing: site.claims.financing,
    licensed: site.claims.licensed,
    guides: guidesClaim(),
  };
}

/** Replace {{token}}s; an unknown token is an error naming it. */
export function replaceTokens(text: string, file: string): string {
  const tokens = contentTokens();
  return text.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (_, name: string) => {
    const value = tokens[name];
    if (value === undefined) throw new Error(`${file}: unknown token {{${name}}}; known: ${Object.keys(tokens).join(', ')}`);
    return value;
  });
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface RenderedMarkdown {
  html: string;
  headings: { depth: number; text: string; id: string }[];
}

/**
 * Markdown body to HTML: tokens replaced, headings given stable ids, external
 * links marked safe, images turned into responsive <picture> elements.
 */
export function renderMarkdown(markdown: string, file: string, images: ImageManifest): RenderedMarkdown {
  const headings: RenderedMarkdown['headings'] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = slugify(inner) || 'section';
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n ? `${base}-${n}` : base;
        headings.push({ depth: token.depth, text: inner.replace(/<[^>]+>/g, ''), id });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const href = escapeAttr(token.href);
        const title = token.title ? ` title="${escapeAttr(token.title)}"` : '';
        if (/^https?:\/\//i.test(token.href)) {
          return `<a href="${href}"${title} rel="noopener noreferrer external">${inner}</a>`;
        }
        return `<a href="${href}"${title}>${inner}</a>`;
      },
      // GFM task lists: a checklist to read, not a form (an unlabelled checkbox fails WCAG).
      checkbox({ checked }: Tokens.Checkbox) {
        return `<span class="task-box" aria-hidden="true">${checked ? '☑' : '☐'}</span> `;
      },
      image(token: Tokens.Image) {
        const image = images.get(token.href);
        if (!image) throw new Error(`${file}: image "${token.href}" is not in content/images/`);
        return renderToStaticMarkup(createElement(Picture, { image, alt: token.text, sizes: '(min-width: 60rem) 48rem, 100vw' }));
      },
    },
  });
  const html = marked.parse(replaceTokens(markdown, file), { async: false }) as string;
  return { html, headings };
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
