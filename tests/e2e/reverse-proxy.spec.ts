import { expect, test } from '@playwright/test';
import { startNginxFromDocs } from '../nginx.ts';
import { baseUrl, DIST } from './helpers.ts';

// The configuration docs/operations.md gives owners, run for real in front of the test server.
test('pages, build files and an error report go through the nginx configuration in docs/operations.md', async ({
  page,
  request,
}) => {
  const nginx = await startNginxFromDocs(Number(new URL(baseUrl()).port), DIST);
  try {
    for (const path of ['/', '/contact']) {
      const response = await page.goto(`${nginx.url}${path}`);
      expect(response?.status(), path).toBe(200);
      const headers = response!.headers();
      expect(headers.server, `${path} came through nginx`).toBe('nginx');
      // Added by our server, so they prove the page was passed on rather than read from disk.
      expect(headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
      await expect(page.locator('h1').first()).toBeVisible();
    }
    await expect(page.locator('form').first()).toBeVisible();

    // The entry script comes from dist/ through nginx's own location, with a year's caching.
    const script = await page.locator('script[data-entry]').first().getAttribute('data-entry');
    expect(script).toMatch(/^\/assets\//);
    const js = await request.get(`${nginx.url}${script}`);
    expect(js.status()).toBe(200);
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers()['content-type']).toMatch(/javascript/);
    // Our server would have added its CSP: nginx sent the file itself.
    expect(js.headers()['content-security-policy']).toBeUndefined();

    const report = await request.post(`${nginx.url}/api/error-report`, {
      data: {
        message: 'Reverse-proxy smoke test',
        url: `${nginx.url}/contact`,
        timestamp: new Date().toISOString(),
      },
    });
    expect(report.status()).toBe(204);
    expect(report.headers().server).toBe('nginx');
  } finally {
    await nginx.stop();
  }
});
