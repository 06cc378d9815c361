import { expect, test } from '@playwright/test';
import { baseUrl, builtRedirects, builtRoutes, needsSignIn } from './helpers.ts';

test.describe('routes', () => {
  test('every route answers 200 with one h1, a title, a description and a canonical URL', async ({ request }) => {
    test.setTimeout(180_000);
    const routes = builtRoutes();
    expect(routes.length).toBeGreaterThan(150);
    // Admin pages and the admin-only SEO pages answer only after sign-in: server/auth/guard.test.ts checks them.
    for (const route of routes.filter((r) => !needsSignIn(r.path))) {
      const res = await request.get(`${baseUrl()}${route.path}`, { maxRedirects: 0 });
      expect(res.status(), route.path).toBe(200);
      const html = await res.text();
      expect(html.match(/<h1[\s>]/g)?.length, `${route.path} h1 count`).toBe(1);
      expect(html, route.path).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, route.path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(new URL(canonical).pathname, `${route.path} canonical`).toBe(route.path);
    }
  });

  test('location variants and old spellings answer 301 to their canonical page', async ({ request }) => {
    const redirects = builtRedirects();
    for (const from of [
      '/locations/pooler',
      '/locations/tybee-island',
      '/locations/hinesville',
      '/locations/wilmington-island',
      '/locations/ardlesly-park-roofing',
    ]) {
      expect(redirects.map((r) => r.from)).toContain(from);
    }
    for (const r of redirects) {
      const res = await request.get(`${baseUrl()}${r.from}`, { maxRedirects: 0 });
      expect(res.status(), r.from).toBe(301);
      expect(new URL(res.headers().location, baseUrl()).pathname).toBe(r.to);
      expect((await request.get(`${baseUrl()}${r.to}`, { maxRedirects: 0 })).status()).toBe(200);
    }
  });

  test('a trailing slash answers 301 to the slashless URL, keeping the query', async ({ request }) => {
    const res = await request.get(`${baseUrl()}/services/roof-repairs/?utm_source=test`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toMatch(/\/services\/roof-repairs\?utm_source=test$/);
  });

  test('an unknown path answers 404 with the Roof Not Found page, not indexed', async ({ request }) => {
    const res = await request.get(`${baseUrl()}/no-such-page-here`, { maxRedirects: 0 });
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('<title>Roof Not Found</title>');
    expect(html).toContain('Looks like this page slipped a shingle.');
    expect(html).toContain('noindex');
  });

  test('sitemap.xml lists indexable routes only, each with lastmod, and robots.txt points to it', async ({ request }) => {
    const xml = await (await request.get(`${baseUrl()}/sitemap.xml`)).text();
    const routes = builtRoutes();
    for (const r of routes) {
      const listed = xml.includes(`${r.path === '/' ? '/' : r.path}</loc>`);
      expect(listed, r.path).toBe(!r.noIndex);
    }
    expect(xml.match(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/g)?.length).toBe(routes.filter((r) => !r.noIndex).length);
    const robots = await (await request.get(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page shows its heading, text and navigation', async ({ page }) => {
    test.setTimeout(300_000);
    for (const route of builtRoutes()) {
      await page.goto(`${baseUrl()}${route.path}`);
      await expect(page.locator('h1'), route.path).toBeVisible();
      // The admin area has its own layout (no public footer); without a session it and the SEO pages show the sign-in page.
      if (needsSignIn(route.path)) continue;
      await expect(
        page.locator('footer a[href="/services"]').or(page.locator('footer a[href^="/services/"]')).first(),
        route.path,
      ).toBeVisible();
      const words = (await page.locator('main').innerText()).split(/\s+/).length;
      expect(words, `${route.path} readable words`).toBeGreaterThan(25);
    }
  });
});
