/**
 * Finding and replacing one element in a built page. The server answers a few
 * requests with the built HTML plus a freshly rendered part (a form with its
 * errors, a booking's details); see docs/decisions/007-no-js-form-pages.md.
 * The pages are React output, where attribute values and text are escaped, so
 * a `<div` or `</div>` in the markup is always a tag.
 */

export interface ElementRange {
  /** Index of the element's `<`. */
  start: number;
  /** Index just after its opening tag's `>`. */
  openEnd: number;
  /** Index of its closing tag's `<`. */
  closeStart: number;
  /** Index just after its closing tag. */
  end: number;
  openTag: string;
}

/** The element whose opening tag contains `marker` (e.g. `data-slot="lead-details"`), searching from `from`. */
export function findElement(html: string, marker: string, from = 0): ElementRange | null {
  const at = html.indexOf(marker, from);
  if (at === -1) return null;
  const start = html.lastIndexOf('<', at);
  const name = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(start, start + 64))?.[1];
  if (start === -1 || !name) return null;
  const openEnd = html.indexOf('>', at) + 1;
  if (openEnd === 0) return null;
  const tags = new RegExp(`<(/?)${name}(?=[\\s/>])`, 'gi');
  tags.lastIndex = openEnd;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      const end = html.indexOf('>', match.index) + 1;
      return { start, openEnd, closeStart: match.index, end, openTag: html.slice(start, openEnd) };
    }
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

export function decodeHtmlAttribute(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (ENTITIES[lower]) return ENTITIES[lower]!;
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return whole;
  });
}

/** An attribute of an opening tag, decoded; undefined when absent. */
export function attributeOf(openTag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(openTag);
  return match ? decodeHtmlAttribute(match[1]!) : undefined;
}

export function replaceRange(html: string, from: number, to: number, replacement: string): string {
  return html.slice(0, from) + replacement + html.slice(to);
}

/** Puts `prefix` before the document's title text (an error page says so first, WCAG 2.4.2). */
export function prefixTitle(html: string, prefix: string): string {
  const escaped = prefix.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  // A function, not a string: a visitor's name may hold `$'` or `$&`, which a replacement string would expand.
  return html.replace(/<title>/, () => `<title>${escaped}`);
}
