import { describe, expect, it } from 'vitest';
import { attributeOf, decodeHtmlAttribute, findElement, prefixTitle, replaceRange } from './page-slots.ts';

const html =
  '<html><head><title>Contact</title></head><body><div class="a"><div data-slot="x" class="s"><div><p>inner</p></div>' +
  '<div></div></div><div data-slot="y">after</div></div></body></html>';

describe('finding an element in a built page', () => {
  it('finds the element holding a marker, across nested elements of the same tag', () => {
    const range = findElement(html, 'data-slot="x"')!;
    expect(html.slice(range.start, range.end)).toBe('<div data-slot="x" class="s"><div><p>inner</p></div><div></div></div>');
    expect(html.slice(range.openEnd, range.closeStart)).toBe('<div><p>inner</p></div><div></div>');
    expect(range.openTag).toBe('<div data-slot="x" class="s">');
  });

  it('replaces only that element', () => {
    const range = findElement(html, 'data-slot="x"')!;
    const out = replaceRange(html, range.openEnd, range.closeStart, '<b>new</b>');
    expect(out).toContain('<div data-slot="x" class="s"><b>new</b></div><div data-slot="y">after</div>');
  });

  it('searches on from an index and answers null when nothing matches', () => {
    expect(findElement(html, 'data-slot="z"')).toBeNull();
    const first = findElement(html, 'data-slot=')!;
    expect(findElement(html, 'data-slot=', first.openEnd)!.openTag).toBe('<div data-slot="y">');
  });

  it('reads and decodes attributes as React escapes them', () => {
    const tag = '<div data-props="{&quot;a&quot;:&quot;x &amp; y &lt;z&gt; &#x27;q&#x27;&quot;}" class="island">';
    expect(JSON.parse(attributeOf(tag, 'data-props')!)).toEqual({ a: "x & y <z> 'q'" });
    expect(attributeOf(tag, 'data-hydrate')).toBeUndefined();
    expect(decodeHtmlAttribute('&#39;&#65;&amp;')).toBe("'A&");
  });

  it('prefixes the title, escaped', () => {
    expect(prefixTitle(html, 'Error <1>: ')).toContain('<title>Error &#60;1&#62;: Contact</title>');
    // Replacement patterns in a visitor's name stay as typed instead of copying the page.
    const prefixed = prefixTitle(html, "Pat $'$'$` Doe: ");
    expect(prefixed).toContain("<title>Pat $'$'$` Doe: Contact</title>");
    expect(prefixed.length).toBe(html.length + "Pat $'$'$` Doe: ".length);
  });
});
