/**
 * The SEO pixel cleaner (docs/decisions/011-admin-sign-in-and-settings.md):
 * sanitize-html parses what the owner pasted, and only `<script src>` elements
 * whose `src` is an https URL on an allow-listed host survive. Everything else
 * goes: inline code, event attributes, attributes holding a `javascript:` URL, other
 * elements, text. The HTML is never parsed with regexes.
 */
import sanitizeHtml from 'sanitize-html';

/** Most characters a pasted snippet may have; a pixel is a line or two. */
export const PIXEL_MAX_CHARS = 10_000;

const SCRIPT_ATTRIBUTES = ['src', 'async', 'defer', 'id', 'crossorigin', 'referrerpolicy', 'data-*'];

/**
 * The host of `src` when it is an absolute https URL whose host is exactly one of
 * `hosts`, else null. Refuses what browsers read differently from how it looks:
 * userinfo (`https://app.searchatlas.com@evil.test/`), backslashes, whitespace and
 * control characters, ports, protocol-relative and plain-http URLs.
 */
export function allowedScriptHost(src: string, hosts: readonly string[]): string | null {
  if (!src.startsWith('https://')) return null;
  for (let i = 0; i < src.length; i++) {
    const code = src.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c || code === 0x40) return null;
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  // The URL parser lower-cases and punycodes the host, so a Cyrillic lookalike never equals an allowed host.
  return hosts.includes(url.hostname) ? url.hostname : null;
}

/**
 * True for an attribute value that is a script URL (`javascript:`, `vbscript:`) as a
 * browser would read it: the parser has already decoded entities, and browsers ignore
 * leading spaces and control characters, and tabs and newlines anywhere, so all of
 * them are removed before the check.
 */
function isScriptUrl(value: string): boolean {
  return /^(javascript|vbscript):/i.test(value.replace(/[\u0000-\u0020\u007f]/g, ''));
}

/** Drops every attribute whose value is a script URL: `src` is checked by host anyway, but `data-*` values are kept as pasted. */
function withoutScriptUrls(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !isScriptUrl(value))) };
}

function options(hosts: readonly string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: ['script'],
    allowedAttributes: { script: SCRIPT_ATTRIBUTES },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['src'],
    allowProtocolRelative: false,
    allowedScriptHostnames: [...hosts],
    // script is dangerous in general; it is safe here only because exclusiveFilter keeps
    // nothing but empty elements with a checked src.
    allowVulnerableTags: true,
    transformTags: { script: withoutScriptUrls },
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'xmp', 'noembed', 'noframes'],
    // Drops the whole element (content too): inline code, a src that fails the check, no src at all.
    exclusiveFilter: (frame) =>
      frame.tag === 'script' && (frame.text.trim() !== '' || allowedScriptHost(frame.attribs.src ?? '', hosts) === null),
    // Text between the scripts (a comment, a stray word) would land inside <head>.
    textFilter: () => '',
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  };
}

export interface CleanedPixel {
  /** What is injected before `</head>` on every public page; '' when nothing survived. */
  html: string;
  /** The hosts the surviving scripts load from (they enter the CSP while the pixel is on). */
  hosts: string[];
  /** True when the cleaner removed anything the owner pasted. */
  changed: boolean;
}

/**
 * Cleans a pasted pixel snippet. The result is cleaned a second time and must come
 * out the same: a snippet the cleaner does not treat as stable is refused whole.
 */
export function cleanPixel(snippet: string, hosts: readonly string[]): CleanedPixel {
  const input = snippet.slice(0, PIXEL_MAX_CHARS);
  const once = sanitizeHtml(input, options(hosts)).trim();
  const twice = sanitizeHtml(once, options(hosts)).trim();
  const html = once === twice ? once : '';
  const found = new Set<string>();
  // Second parse of our own output, only to list the hosts for the CSP; no element is changed.
  sanitizeHtml(html, {
    ...options(hosts),
    exclusiveFilter: (frame) => {
      const host = frame.tag === 'script' ? allowedScriptHost(frame.attribs.src ?? '', hosts) : null;
      if (host) found.add(host);
      return false;
    },
  });
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
  return { html, hosts: [...found].sort(), changed: normalise(html) !== normalise(snippet) };
}
