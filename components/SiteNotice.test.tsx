import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SiteNotice from './SiteNotice.tsx';

const STYLES = path.join(import.meta.dirname, 'styles');
const css = (file: string) => fs.readFileSync(path.join(STYLES, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties of tokens.css that hold a #rrggbb or #rgb colour. */
function tokens(): Map<string, string> {
  return new Map([...css('tokens.css').matchAll(/(--[\w-]+):\s*(#[0-9a-f]{3,6})\s*;/gi)].map((m) => [m[1]!, m[2]!]));
}

/** A declaration of the first rule with exactly this selector in notice.css, its var() resolved from the tokens. */
function declared(selector: string, property: string): string {
  const rule = [...css('notice.css').matchAll(/([^{}]+)\{([^{}]*)\}/g)].find((m) => m[1]!.trim() === selector);
  if (!rule) throw new Error(`notice.css has no rule for ${selector}`);
  const value = new RegExp(`(?:^|;)\\s*${property}:\\s*([^;]+)`).exec(rule[2]!)?.[1]?.trim();
  if (!value) throw new Error(`${selector} sets no ${property}`);
  const name = /var\((--[\w-]+)\)/.exec(value)?.[1];
  const colour = name ? tokens().get(name) : /#[0-9a-f]{3,6}/i.exec(value)?.[0];
  if (!colour) throw new Error(`${selector} ${property}: ${value} is not a token colour`);
  return colour;
}

/** WCAG 2.2's relative luminance of an sRGB colour and the contrast ratio of two. */
function luminance(hex: string): number {
  const digits = hex.slice(1).length === 3 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the storm notice', () => {
  const html = renderToStaticMarkup(
    <SiteNotice
      text="Crews are tarping roofs until Friday."
      link="/services/emergency-roof-repair"
      expiresAt="2026-12-05T12:00:00Z"
      phone="(912) 555-0142"
    />,
  );

  it('is a labelled region whose icon is hidden from screen readers, so its words carry the message', () => {
    expect(html).toMatch(
      /^<section class="site-notice" aria-label="Notice from the office" data-notice-expires="2026-12-05T12:00:00Z">/,
    );
    expect(html).toMatch(/<svg class="site-notice-icon"[^>]* aria-hidden="true" focusable="false">/);
    expect(html).not.toMatch(/role="alert"/);
    expect(html.replace(/<[^>]+>/g, '')).toBe('Crews are tarping roofs until Friday. More information Call (912) 555-0142');
  });

  it('has WCAG AA contrast in its colours: text and links 4.5:1, the icon and the focus ring 3:1', () => {
    const background = declared('.site-notice', 'background');
    expect(contrast(declared('.site-notice', 'color'), background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(declared('.site-notice a', 'color'), background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(declared('.site-notice-icon', 'color'), background)).toBeGreaterThanOrEqual(3);
    expect(contrast(declared('.site-notice a:focus-visible', 'outline'), background)).toBeGreaterThanOrEqual(3);
  });

  it('moves only for visitors who have not asked for reduced motion', () => {
    const motionless = css('notice.css').replace(
      /@media\s*\(prefers-reduced-motion:\s*no-preference\)\s*\{(?:[^{}]*\{[^{}]*\})*\s*\}/g,
      '',
    );
    expect(css('notice.css')).toMatch(/transition/);
    expect(motionless).not.toMatch(/transition|animation/);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#fff', '#fff')).toBe(1);
  });
});
