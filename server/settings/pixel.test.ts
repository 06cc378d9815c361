import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import { allowedScriptHost, cleanPixel } from './pixel.ts';

// The default allow-list (docs/decisions/011-admin-sign-in-and-settings.md), as the environment gives it.
const HOSTS = loadEnv({}).PIXEL_SCRIPT_HOSTS;
const SA = 'https://app.searchatlas.com/scripts/dynamic_optimization.js';

/** Attacks that must come out as nothing at all. */
const VECTORS: [string, string][] = [
  // Script tags in every casing, broken and nested.
  ['plain inline script', '<script>alert(1)</script>'],
  ['upper case', '<SCRIPT>alert(1)</SCRIPT>'],
  ['mixed case', '<ScRiPt>alert(1)</sCrIpT>'],
  ['script with a type', '<script type="text/javascript">alert(1)</script>'],
  ['module script', '<script type="module">import("https://evil.test/x.js")</script>'],
  ['unclosed script', '<script>alert(1)'],
  ['split tag', '<scr<script>ipt>alert(1)</script>'],
  ['nested script', '<script><script>alert(1)</script></script>'],
  ['closing tag with space', '<script>alert(1)</script >'],
  ['slash instead of space', '<script/src="https://evil.test/x.js"></script>'],
  ['null byte in the name', '<scr\u0000ipt>alert(1)</scr\u0000ipt>'],
  ['comment breakout', '<!--<script>alert(1)</script>-->'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['script in a textarea', '<textarea><script>alert(1)</script></textarea>'],
  ['script in a title', '<title><script>alert(1)</script></title>'],
  ['noscript wrapper', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>'],
  // on* attributes on svg, img, body, details and more.
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror upper case', '<IMG SRC=x ONERROR=alert(1)>'],
  ['img onerror with slashes', '<img/src=x/onerror=alert(1)>'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg onload, tab separated', '<svg\tonload=alert(1)>'],
  ['body onload', '<body onload=alert(1)>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['input autofocus onfocus', '<input autofocus onfocus=alert(1)>'],
  ['video source onerror', '<video><source onerror=alert(1)></video>'],
  ['marquee onstart', '<marquee onstart=alert(1)>x</marquee>'],
  // javascript: with entities and whitespace.
  ['javascript: href', '<a href="javascript:alert(1)">x</a>'],
  ['entity-encoded javascript:', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['hex entities', '<a href="&#x6A;&#x61;&#x76;&#x61;script:alert(1)">x</a>'],
  ['tab inside javascript:', '<a href="jav\tascript:alert(1)">x</a>'],
  ['leading whitespace', '<a href=" javascript:alert(1)">x</a>'],
  ['javascript: script src', '<script src="javascript:alert(1)"></script>'],
  ['entity-encoded script src scheme', '<script src="&#106;avascript:alert(1)"></script>'],
  ['iframe javascript:', '<iframe src="javascript:alert(1)"></iframe>'],
  ['data: script src', '<script src="data:text/javascript,alert(1)"></script>'],
  ['base64 data: script src', '<script src="data:text/javascript;base64,YWxlcnQoMSk="></script>'],
  // srcdoc, base, meta refresh, object, embed.
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['base href', '<base href="https://evil.test/">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['object data', '<object data="javascript:alert(1)"></object>'],
  ['embed src', '<embed src="https://evil.test/x.swf">'],
  ['link import', '<link rel="import" href="https://evil.test/x.html">'],
  ['style expression', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  // svg and math namespace confusion.
  ['script inside svg', '<svg><script>alert(1)</script></svg>'],
  ['svg script with href', '<svg><script href="data:,alert(1)"></script></svg>'],
  ['svg animate href', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>'],
  ['svg foreignObject', '<svg><foreignObject><script>alert(1)</script></foreignObject></svg>'],
  ['math href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['math mglyph style breakout', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['svg style breakout', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  // Lookalike hosts.
  ['host with our host as a prefix', '<script src="https://app.searchatlas.com.evil.test/x.js"></script>'],
  ['userinfo before the real host', '<script src="https://app.searchatlas.com@evil.test/x.js"></script>'],
  ['userinfo before our host', '<script src="https://user:pw@app.searchatlas.com/x.js"></script>'],
  ['backslashes', '<script src="https:\\\\app.searchatlas.com/x.js"></script>'],
  ['backslash after the host', '<script src="https://evil.test\\@app.searchatlas.com/x.js"></script>'],
  ['protocol-relative', '<script src="//app.searchatlas.com/x.js"></script>'],
  ['plain http', '<script src="http://app.searchatlas.com/x.js"></script>'],
  ['a port', '<script src="https://app.searchatlas.com:8443/x.js"></script>'],
  ['a trailing dot', '<script src="https://app.searchatlas.com./x.js"></script>'],
  ['Cyrillic а in the host', '<script src="https://аpp.searchatlas.com/x.js"></script>'],
  ['a subdomain of an allowed host', '<script src="https://evil.app.searchatlas.com/x.js"></script>'],
  ['a sibling of an allowed host', '<script src="https://searchatlas.com/x.js"></script>'],
  ['percent-encoded host', '<script src="https://app%2esearchatlas%2ecom.evil.test/x.js"></script>'],
  ['space before the scheme', '<script src=" https://app.searchatlas.com/x.js"></script>'],
  ['newline inside the URL', '<script src="https://app.searchatlas.com/x\n.js"></script>'],
  ['a relative src', '<script src="/assets/x.js"></script>'],
];

/** Attacks riding on an allowed script: the attack goes, the script stays as a bare `<script src>`. */
const RIDERS: [string, string][] = [
  ['inline code inside an allowed script', `<script src="${SA}">alert(1)</script>`],
  ['a comment trick after an allowed script', `<script src="${SA}"><!--</script><script>alert(1)//--></script>`],
  ['a comment across two scripts', `<script src="${SA}">/*</script><script>*/alert(1)</script>`],
  ['an onload attribute', `<script src="${SA}" onload="alert(1)"></script>`],
  ['an onerror attribute in upper case', `<script src="${SA}" ONERROR="alert(1)"></script>`],
  ['a type that would change the language', `<script src="${SA}" type="text/vbscript"></script>`],
  ['a nonce it could borrow', `<script src="${SA}" nonce="abc"></script>`],
  ['a javascript: URL in a data attribute', `<script src="${SA}" data-x="javascript:alert(1)"></script>`],
  ['an entity-encoded, spaced javascript: URL in an id', `<script src="${SA}" id=" &#106;ava\tscript:alert(1)"></script>`],
  ['a vbscript: URL in a data attribute', `<script src="${SA}" data-next="VBScript:msgbox(1)"></script>`],
];

describe('the SEO pixel cleaner (sanitize-html)', () => {
  it(`has at least 50 attack vectors (${VECTORS.length + RIDERS.length})`, () => {
    expect(VECTORS.length + RIDERS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(VECTORS)('removes %s entirely', (_name, vector) => {
    const cleaned = cleanPixel(vector, HOSTS);
    expect(cleaned.html).toBe('');
    expect(cleaned.hosts).toEqual([]);
    expect(cleaned.changed).toBe(true);
  });

  it.each(VECTORS)('removes %s when it comes after a valid pixel, keeping the pixel', (_name, vector) => {
    const cleaned = cleanPixel(`<script src="${SA}" async></script>${vector}`, HOSTS);
    expect(cleaned.html).toBe(`<script src="${SA}" async></script>`);
  });

  it.each(RIDERS)('removes %s and keeps the allowed script bare', (_name, vector) => {
    expect(cleanPixel(vector, HOSTS).html).toBe(`<script src="${SA}"></script>`);
  });

  it('keeps an allow-listed Google Tag Manager script, with its harmless attributes', () => {
    const snippet =
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123" id="gtag" data-site="roof"></script>';
    const cleaned = cleanPixel(snippet, HOSTS);
    expect(cleaned.html).toBe(
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123" id="gtag" data-site="roof"></script>',
    );
    expect(cleaned.hosts).toEqual(['www.googletagmanager.com']);
    expect(cleaned.changed).toBe(false);
  });

  it('keeps each allowed script of a longer snippet and drops the rest, text included', () => {
    const snippet = [
      '<!-- SEO pixel -->',
      `<script src="${SA}" data-uuid="c0ffee"></script>`,
      '<script>window.dataLayer = [];</script>',
      'some text',
      '<script src="https://api.searchatlas.com/v1/p.js" defer></script>',
      '<noscript><img src="https://app.searchatlas.com/p.gif"></noscript>',
    ].join('\n');
    const cleaned = cleanPixel(snippet, HOSTS);
    expect(cleaned.html).toBe(
      `<script src="${SA}" data-uuid="c0ffee"></script><script src="https://api.searchatlas.com/v1/p.js" defer></script>`,
    );
    expect(cleaned.hosts).toEqual(['api.searchatlas.com', 'app.searchatlas.com']);
  });

  it('escapes an ampersand in an allowed URL as HTML requires, and the result is stable', () => {
    const cleaned = cleanPixel('<script src="https://www.google-analytics.com/a.js?x=1&y=2"></script>', HOSTS);
    expect(cleaned.html).toBe('<script src="https://www.google-analytics.com/a.js?x=1&amp;y=2"></script>');
    expect(cleanPixel(cleaned.html, HOSTS).html).toBe(cleaned.html);
  });

  it('follows the allow-list it is given: a host not on it is dropped', () => {
    expect(cleanPixel(`<script src="${SA}"></script>`, ['www.googletagmanager.com']).html).toBe('');
  });
});

describe('allowedScriptHost', () => {
  it('accepts exact https hosts only', () => {
    expect(allowedScriptHost('https://app.searchatlas.com/x.js', HOSTS)).toBe('app.searchatlas.com');
    // The URL parser lower-cases the host.
    expect(allowedScriptHost('https://APP.SearchAtlas.com/x.js', HOSTS)).toBe('app.searchatlas.com');
    expect(allowedScriptHost('https://app.searchatlas.com.evil.test/x.js', HOSTS)).toBeNull();
    expect(allowedScriptHost('https://xn--pp-8kc.searchatlas.com/x.js', HOSTS)).toBeNull();
  });
});
