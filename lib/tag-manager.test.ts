import { describe, expect, it } from 'vitest';
import { CONTAINER_ID_MAX, parseContainerId } from './tag-manager.ts';

const NOT_AN_ID = /not a Tag Manager container ID/;

describe('the tag-manager container rule', () => {
  it.each([
    ['GTM-AB12CD3', 'GTM-AB12CD3'],
    // An 8-character container id is kept whole: Google issues ids of several lengths.
    ['GTM-AB12CD34', 'GTM-AB12CD34'],
    ['GTM-1234567', 'GTM-1234567'],
    ['  GTM-AB12CD3  ', 'GTM-AB12CD3'],
    ['GTM-AB12 CD3', 'GTM-AB12CD3'],
    ['"GTM-AB12CD3"', 'GTM-AB12CD3'],
    ['GTM-AB12CD3\n', 'GTM-AB12CD3'],
    // Zero-width and non-breaking characters pasted from a web page are stripped like any symbol.
    ['GTM-\u200bAB12CD3\u00a0', 'GTM-AB12CD3'],
    // "Contains" is the rule: stripped, whatever else is left is stored and injected as is.
    ['container: GTM-AB12CD3', 'containerGTM-AB12CD3'],
    ['xGTM-AB12CD3-y', 'xGTM-AB12CD3-y'],
  ])('accepts %j and keeps %j', (input, kept) => {
    expect(parseContainerId(input)).toEqual({ ok: true, value: kept, stripped: kept !== input });
  });

  it.each([
    // Breakout attempts: what survives stripping is letters, digits and hyphens only, never markup.
    ['GTM-AB12CD3"><script>alert(1)</script>', 'GTM-AB12CD3scriptalert1script'],
    ["GTM-AB12CD3';alert(1)//", 'GTM-AB12CD3alert1'],
    ['GTM-AB12CD3&id=GTM-EVIL123', 'GTM-AB12CD3idGTM-EVIL123'],
    ['javascript:GTM-AB12CD3', 'javascriptGTM-AB12CD3'],
    ['GTM-AB12CD3</head><body onload=x>', 'GTM-AB12CD3headbodyonloadx'],
  ])('strips the breakout attempt %j down to %j', (input, kept) => {
    const result = parseContainerId(input);
    expect(result).toEqual({ ok: true, value: kept, stripped: true });
    if (result.ok) expect(result.value).toMatch(/^[A-Za-z0-9-]+$/);
  });

  it.each([
    ['gtm-ab12cd3', 'lower case'],
    ['GTM-ab12cd3', 'lower-case id part'],
    ['GTM-AB12CD', 'six characters after GTM-'],
    ['GTM AB12CD3', 'no hyphen'],
    ['GTMAB12CD3', 'no hyphen at all'],
    ['G-AB12CD3EF', 'a GA4 measurement id'],
    ['UA-1234567-1', 'a Universal Analytics id'],
    ['AW-123456789', 'a Google Ads id'],
    // Unicode lookalikes: Cyrillic Т and М, fullwidth letters, a non-ASCII hyphen; stripping removes them, so no GTM- is left.
    ['GТM-AB12CD3', 'Cyrillic Т'],
    ['GTМ-AB12CD3', 'Cyrillic М'],
    ['ＧＴＭ－ＡＢ１２ＣＤ３', 'fullwidth characters'],
    ['GTM‐AB12CD3', 'a Unicode hyphen (U+2010)'],
    ['GTM-ΑΒ12CD3', 'Greek capital alpha and beta'],
    ['<script>', 'markup with no id'],
    ['---', 'hyphens only'],
  ])('refuses %j (%s) with a message', (input) => {
    const result = parseContainerId(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(NOT_AN_ID);
  });

  it('refuses more than 64 characters after stripping, and says how many there were', () => {
    const long = `GTM-AB12CD3${'X'.repeat(CONTAINER_ID_MAX)}`;
    const result = parseContainerId(long);
    expect(result).toEqual({ ok: false, error: expect.stringContaining(`this one has ${long.length}`) });
    // Exactly 64 passes: the limit counts what is stored.
    expect(parseContainerId(`GTM-AB12CD3${'X'.repeat(CONTAINER_ID_MAX - 11)}`).ok).toBe(true);
  });

  it('clears the setting for an empty or blank value', () => {
    expect(parseContainerId('')).toEqual({ ok: true, value: null, stripped: false });
    expect(parseContainerId('   \n')).toEqual({ ok: true, value: null, stripped: false });
  });
});
