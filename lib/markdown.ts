/**
 * The Markdown renderer of every body the site shows: the build renders pages with
 * it (build/markdown.ts adds its cache and the responsive pictures) and the admin's
 * article editor shows its live preview with it, so the owner sees what the build
 * will make (docs/decisions/063-owner-articles.md). It is sanitising: raw HTML in the
 * text is dropped and a link whose address is not one a page may carry shows as its
 * words alone.
 */
import { Marked, type Tokens } from 'marked';

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
 * Addresses a rendered link may have: the site's own pages (`/…`, `#…`) and the
 * web, mail and phone schemes (http: for older repository links; the owner's
 * articles are held to https: by lib/article-rules.ts).
 */
export function linkAllowed(href: string): boolean {
  return /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i.test(href.trim());
}

/** How an image token becomes HTML: the build's <picture>, the admin preview's simple view. */
export type ImageRenderer = (src: string, alt: string) => string;

type Parser = { parser: { parseInline(tokens: Tokens.Generic[]): string } };

/** `text` has its tokens ({{…}}) replaced already. */
export function renderMarkdownText(text: string, image: ImageRenderer): RenderedMarkdown {
  const headings: RenderedMarkdown['headings'] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: Parser, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = slugify(inner) || 'section';
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n ? `${base}-${n}` : base;
        headings.push({ depth: token.depth, text: inner.replace(/<[^>]+>/g, ''), id });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      link(this: Parser, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        if (!linkAllowed(token.href)) return inner;
        const href = escapeAttr(token.href);
        const title = token.title ? ` title="${escapeAttr(token.title)}"` : '';
        if (/^https?:\/\//i.test(token.href)) {
          return `<a href="${href}"${title} rel="noopener noreferrer external">${inner}</a>`;
        }
        return `<a href="${href}"${title}>${inner}</a>`;
      },
      // Raw HTML never reaches a page: what a body says is written in Markdown.
      html() {
        return '';
      },
      // GFM task lists: a checklist to read, not a form (an unlabelled checkbox fails WCAG).
      checkbox({ checked }: Tokens.Checkbox) {
        return `<span class="task-box" aria-hidden="true">${checked ? '☑' : '☐'}</span> `;
      },
      image(token: Tokens.Image) {
        return image(token.href, token.text);
      },
    },
  });
  const html = marked.parse(text, { async: false }) as string;
  return { html, headings };
}

/** What a body holds that the rules look at: its links' and images' addresses, and any raw HTML. */
export function markdownParts(text: string): { links: string[]; images: string[]; html: string[] } {
  const parts = { links: [] as string[], images: [] as string[], html: [] as string[] };
  new Marked({ gfm: true }).walkTokens(new Marked({ gfm: true }).lexer(text), (token) => {
    if (token.type === 'link') parts.links.push((token as Tokens.Link).href);
    else if (token.type === 'image') parts.images.push((token as Tokens.Image).href);
    else if (token.type === 'html') parts.html.push((token as Tokens.HTML).raw.trim());
  });
  return parts;
}

export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
