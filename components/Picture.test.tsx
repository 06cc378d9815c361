import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProcessedImage } from './page-context.ts';
import Picture from './Picture.tsx';

const illustration: ProcessedImage = {
  name: 'roof.svg',
  width: 1600,
  height: 1000,
  placeholder: 'data:image/webp;base64,AAAA',
  avif: [],
  webp: [],
  svg: '/img/roof-12345678.svg',
  inline: '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><path fill="#b4562a" d="M0 0h9"/></svg>',
};

const photo: ProcessedImage = {
  name: 'job.jpg',
  width: 1280,
  height: 853,
  placeholder: 'data:image/webp;base64,AAAA',
  avif: [{ width: 480, url: '/img/job-480.avif' }],
  webp: [{ width: 480, url: '/img/job-480.webp' }],
};

describe('Picture', () => {
  it('writes the LCP illustration into the HTML as a data URI, so it paints without another request', () => {
    const html = renderToStaticMarkup(<Picture image={illustration} alt="A roof" sizes="100vw" priority />);
    expect(html).toContain('src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22');
    expect(html).toContain('fill=%22%23b4562a%22');
    expect(html).toContain('alt="A roof" width="1600" height="1000"');
    expect(html).not.toContain('<source');
    expect(html).not.toContain('/img/');
  });

  it('serves a lazy illustration as its one SVG file, with no AVIF or WebP sources', () => {
    const html = renderToStaticMarkup(<Picture image={illustration} alt="A roof" sizes="100vw" />);
    expect(html).toContain('data-src="/img/roof-12345678.svg"');
    expect(html).not.toContain('data-avif');
    expect(html).not.toContain('<source');
    expect(html).toContain('<noscript><picture><img alt="A roof" width="1600" height="1000"');
  });

  it('keeps AVIF and WebP sources for a photograph', () => {
    const html = renderToStaticMarkup(<Picture image={photo} alt="A job" sizes="100vw" priority />);
    expect(html).toContain('<source type="image/avif" srcSet="/img/job-480.avif 480w"');
    expect(html).toContain('src="/img/job-480.webp"');
    expect(html).toContain('fetchPriority="high"');
  });
});
