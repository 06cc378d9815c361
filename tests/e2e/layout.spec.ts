import { expect, test } from '@playwright/test';
import { baseUrl, expectNoAxeViolations, layoutShift, waitForEnhanced, waitForEntry } from './helpers.ts';

test.describe('header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shrinks only after more than 12px of scroll and shows scroll progress', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog/atlas-vs-gaf`);
    // Before the entry watches the scroll, "not shrunk" would hold whatever the threshold.
    await waitForEntry(page);
    const header = page.locator('#site-header');
    await page.evaluate(() => window.scrollTo(0, 12));
    await page.waitForTimeout(100);
    await expect(header).not.toHaveClass(/is-shrunk/);
    await page.evaluate(() => window.scrollTo(0, 13));
    await expect(header).toHaveClass(/is-shrunk/);
    const scale = await page.locator('.scroll-progress').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    expect(scale).toBeGreaterThan(0);
    expect(scale).toBeLessThan(0.1);
  });

  test('shrinking and growing back moves nothing, not even what is inside the header', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog/atlas-vs-gaf`);
    await waitForEntry(page);
    const header = page.locator('#site-header');
    await page.evaluate(() => {
      const moved: string[] = [];
      (window as unknown as { __moved: string[] }).__moved = moved;
      type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          const nodes = (e.sources ?? []).map(({ node }) => (node instanceof Element ? node.className : String(node?.nodeName)));
          moved.push(`${e.value.toFixed(5)}: ${nodes.join(', ')}`);
        }
      }).observe({ type: 'layout-shift' });
    });
    // Scrolling itself is not a layout shift; the header's change is. The browser ignores moves under 3 px, which
    // the 0.2 s transition makes on a fast machine, but a starved one or reduced motion (no transition) jumps.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const y of [400, 0, 400]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect(header).toHaveClass(y ? /is-shrunk/ : /^(?!.*is-shrunk)/);
      await page.waitForTimeout(300);
    }
    expect(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved)).toEqual([]);
    // Shrunk, the bar shows the short height, and its menus still answer clicks.
    const bar = await page.locator('.header-bar').evaluate((el) => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const band = getComputedStyle(el, '::before').transform;
      return { bottom: Math.round(el.getBoundingClientRect().bottom + new DOMMatrix(band).f), shrunk: Math.round(3.5 * rem) };
    });
    expect(bar.bottom).toBe(bar.shrunk);
    await page.getByRole('navigation', { name: 'Main' }).getByText('Services', { exact: true }).click();
    await expect(page.locator('details.dropdown[open]')).toHaveCount(1);
  });

  test('in-page anchors land 120px below the top', async ({ page }) => {
    await page.goto(`${baseUrl()}/blog/atlas-vs-gaf`);
    const id = await page.locator('main .prose h2[id]').nth(2).getAttribute('id');
    await page.goto(`${baseUrl()}/blog/atlas-vs-gaf#${id}`);
    await expect
      .poll(() => page.evaluate((h) => Math.round(document.getElementById(h!)!.getBoundingClientRect().top), id))
      .toBe(120);
  });
});

/** WCAG's contrast ratio of two computed colours (`rgb(…)` or `rgba(…)`, opaque). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test.describe('contrast in every state', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the skip link and the footer keep their contrast on hover and under a keyboard focus ring', async ({ page }) => {
    await page.goto(`${baseUrl()}/about`);
    const style = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, background: s.backgroundColor, outline: s.outlineColor };
      });
    await page.keyboard.press('Tab');
    await expect(page.locator('a.skip-link')).toBeFocused();
    await page.locator('a.skip-link').hover();
    const skip = await style('a.skip-link');
    expect(contrast(skip.color, skip.background)).toBeGreaterThanOrEqual(4.5);

    // The footer's call button on hover: large bold text, 3:1.
    const call = '.footer-cta a.btn-call';
    await page.locator(call).scrollIntoViewIfNeeded();
    await page.locator(call).hover();
    await expect
      .poll(async () => {
        const s = await style(call);
        return contrast(s.color, s.background);
      })
      .toBeGreaterThanOrEqual(3);

    // A keyboard focus ring in the footer stands out from its navy by 3:1.
    await page.mouse.move(0, 0);
    await page.locator('.footer-cta a.btn-primary').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('.footer-cta a.btn-primary')).toBeFocused();
    const ring = (await style('.footer-cta a.btn-primary')).outline;
    const backdrop = (await style('.footer-cta')).background;
    expect(contrast(ring, backdrop)).toBeGreaterThanOrEqual(3);
  });
});

test('the footer, skipped in the first layout, is guessed at least as tall as it is at every width', async ({ page }) => {
  await page.goto(`${baseUrl()}/about`);
  for (const width of [320, 479, 480, 767, 1023, 1024, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const { guess, real } = await page.locator('body > footer').evaluate((footer) => {
      const guess = parseFloat(getComputedStyle(footer).containIntrinsicHeight.split(' ').pop()!);
      footer.style.contentVisibility = 'visible';
      const real = footer.getBoundingClientRect().height;
      footer.style.contentVisibility = '';
      return { guess, real };
    });
    expect(real, `${width} px wide`).toBeLessThanOrEqual(guess);
  }
});

test.describe('404 page', () => {
  test('answers 404 and the search button shows one toast with a joke', async ({ page }) => {
    const response = await page.goto(`${baseUrl()}/roofs/that/are/gone`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Roof Not Found');
    await expect(page.getByText('Looks like this page slipped a shingle.')).toBeVisible();
    await expect(page.getByText(/We log every missing page/)).toBeVisible();
    for (const name of ['Back to Home', 'Emergency Roof Repair', 'View All Services']) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const button = page.getByRole('button', { name: 'Search for the missing shingle' });
    await waitForEnhanced(page, 'shingle-search');
    await button.click();
    const region = page.locator('.toaster[role="status"][aria-live="polite"]');
    await expect(region.locator('.toast')).toHaveCount(1);
    await expect(region.locator('.toast-title')).toHaveText('Still looking…');
    const jokes = [
      'We checked the gutters. Just leaves and a very surprised frog.',
      'Our drone found three frisbees and a kite, but no shingle.',
      'It may have blown to Tybee. Shingles love the beach.',
      'We asked the live oaks. They are keeping quiet.',
    ];
    expect(jokes).toContain(await region.locator('.toast-description').innerText());
    await button.click();
    await button.click();
    await expect(region.locator('.toast')).toHaveCount(1);
    await expectNoAxeViolations(page, '404 with a toast');
    // Escape dismisses it: its own button comes late in the Tab order.
    await page.keyboard.press('Escape');
    await expect(region.locator('.toast')).toHaveCount(0);
    await button.click();
    await expect(region.locator('.toast')).toHaveCount(1);
    await region.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(region.locator('.toast')).toHaveCount(0);
  });
});

test.describe('rendering errors', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an island that throws shows the fallback screen, keeps 10 records and posts a report', async ({ page }) => {
    await page.goto(`${baseUrl()}/about`);
    await waitForEntry(page);
    await page.evaluate(() => {
      const old = Array.from({ length: 10 }, (_, i) => ({ message: `old ${i}`, timestamp: '', userAgent: '', url: '' }));
      localStorage.setItem('roof_error_records', JSON.stringify(old));
      // Break the island's props before it hydrates: rendering the open dialog will throw.
      document.querySelector('[data-island="AppointmentDialog"]')!.setAttribute('data-props', '{}');
    });
    const report = page.waitForRequest((r) => r.url().endsWith('/api/error-report') && r.method() === 'POST');
    await page.locator('a[data-opens="appointment"]:visible').first().click();
    const posted = (await report).postDataJSON() as Record<string, string>;
    expect(Object.keys(posted).sort()).toEqual(['componentStack', 'message', 'stack', 'timestamp', 'url', 'userAgent']);
    const screen = page.getByRole('alertdialog');
    await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(
      screen.getByText('Please refresh the page or try again later. If the problem persists, contact support.'),
    ).toBeVisible();
    await expect(screen.locator('a[href^="tel:"]')).toBeVisible();
    // Modal: Tab goes round its phone link and two buttons (and the browser's own controls), never to the page it covers.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() =>
        document.activeElement === document.body || document.activeElement?.closest('.fallback-screen') ? 'screen' : 'page',
      );
      expect(where).toBe('screen');
    }
    const records = await page.evaluate(
      () => JSON.parse(localStorage.getItem('roof_error_records') ?? '[]') as { message: string }[],
    );
    expect(records).toHaveLength(10);
    expect(records[0].message).toBe('old 1');
    expect(records[9].message).toBe(posted.message);
    await expectNoAxeViolations(page, 'fallback screen');
    await screen.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(`${baseUrl()}/`);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('Refresh Page reloads and clears the fallback screen', async ({ page }) => {
    await page.goto(`${baseUrl()}/about`);
    await waitForEntry(page);
    await page.evaluate(() => document.querySelector('[data-island="AppointmentDialog"]')!.setAttribute('data-props', '{}'));
    await page.locator('a[data-opens="appointment"]:visible').first().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a chunk that fails to load raises preload-error and is rethrown unless prevented', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/\/assets\/chunks\/AppointmentDialog-[^/]+\.js$/, (route) => route.abort());
    await page.addInitScript(() => {
      (window as unknown as { preloadErrors: number }).preloadErrors = 0;
      window.addEventListener('preload-error', () => (window as unknown as { preloadErrors: number }).preloadErrors++);
    });
    await page.goto(`${baseUrl()}/`);
    await waitForEntry(page);
    await page.locator('a[data-opens="appointment"]:visible').first().hover();
    await expect.poll(() => page.evaluate(() => (window as unknown as { preloadErrors: number }).preloadErrors)).toBe(1);
    await expect.poll(() => errors.length).toBeGreaterThan(0);

    const prevented: string[] = [];
    const second = await page.context().newPage();
    second.on('pageerror', (e) => prevented.push(e.message));
    await second.route(/\/assets\/chunks\/AppointmentDialog-[^/]+\.js$/, (route) => route.abort());
    await second.addInitScript(() => window.addEventListener('preload-error', (e) => e.preventDefault()));
    await second.goto(`${baseUrl()}/`);
    await waitForEntry(second);
    await second.locator('a[data-opens="appointment"]:visible').first().hover();
    await second.waitForTimeout(500);
    expect(prevented).toEqual([]);
  });

  test('hydrating a marker that is no longer in the page fails with "Root element not found"', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl()}/about`);
    await waitForEntry(page);
    await page.evaluate(() => {
      const marker = document.querySelector('[data-island="Toaster"]')!;
      marker.remove();
      marker.dispatchEvent(new Event('pointerover'));
    });
    await expect.poll(() => errors.join('\n')).toContain('Root element not found');
  });
});

test.describe('mobile layout @mobile', () => {
  test('shows logo, Call and the menu toggle, and the bottom bar, whose Book Now is the one primary action', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('.header-inner .logo')).toBeVisible();
    await expect(page.locator('.header-inner .logo-text')).toBeVisible();
    await expect(page.locator('.header-inner').getByRole('link', { name: 'Free Consultation' })).toBeHidden();
    await expect(page.locator('.header-inner a[href^="tel:"]')).toBeVisible();
    await expect(page.locator('details.mobile-menu > summary')).toBeInViewport();
    await expect(page.locator('.mobile-bar').getByRole('link', { name: 'Book Now' })).toBeVisible();
    await expect(page.locator('.mobile-bar').getByRole('link', { name: 'Call Now' })).toBeVisible();
    await expect(page.locator('.desktop-nav')).toBeHidden();
  });

  test('Tab never leaves the focused control hidden under the bottom bar', async ({ page }) => {
    await page.goto(`${baseUrl()}/contact`);
    const bar = await page.locator('.mobile-bar').boundingBox();
    const hidden: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el.closest('.mobile-bar, dialog')) return null;
        const r = el.getBoundingClientRect();
        return { top: r.top, label: `${el.tagName} ${(el.textContent || el.getAttribute('name') || '').trim().slice(0, 30)}` };
      });
      if (focused && focused.top >= bar!.y) hidden.push(focused.label);
    }
    expect(hidden).toEqual([]);
  });

  test('Tab never leaves a focused link hidden under a toast', async ({ page }) => {
    await page.goto(`${baseUrl()}/no-such-roof`);
    await waitForEnhanced(page, 'shingle-search');
    const button = page.getByRole('button', { name: 'Search for the missing shingle' });
    await button.click();
    const toast = page.locator('.toaster .toast');
    await expect(toast).toHaveCount(1);
    await button.focus();
    const hidden: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const box = document.querySelector('.toaster .toast')?.getBoundingClientRect();
        if (!el || !box || el.closest('.toaster, .mobile-bar')) return null;
        const r = el.getBoundingClientRect();
        const under = r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left && r.right <= box.right;
        return under ? (el.textContent ?? '').trim().slice(0, 30) : null;
      });
      if (covered) hidden.push(covered);
    }
    expect(hidden).toEqual([]);
  });

  test('the menu closes when a link is chosen', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('details.mobile-menu > summary').tap();
    await waitForEnhanced(page, 'mobile-menu');
    await page.locator('details.mobile-menu').getByRole('link', { name: 'Gallery', exact: true }).tap();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.locator('details.mobile-menu')).not.toHaveAttribute('open');
  });
});

test.describe('blog list', () => {
  test('?category= filters the articles on the page, by name or slug, without a shift and without JavaScript', async ({
    page,
    browser,
  }) => {
    await page.goto(`${baseUrl()}/blog?category=${encodeURIComponent('Storm Protection')}`);
    await waitForEntry(page);
    // The server sends the list already filtered: the browser's filter, after the first paint, moves nothing.
    const { total, shifts } = await layoutShift(page);
    expect(total, shifts.join('; ')).toBeLessThan(0.01);
    const visible = page.locator('#articles > li:visible');
    const count = await visible.count();
    expect(count).toBeGreaterThan(5);
    for (const tag of await visible.locator('.tag').allInnerTexts()) expect(tag).toBe('Storm Protection');
    await expect(page.locator('#blog-filter-status')).toHaveText(`Showing ${count} articles in Storm Protection.`);
    await expect(page.locator('nav[aria-label="Blog topics"] a[aria-current="page"]')).toHaveText(/Storm Protection/);
    await page.goto(`${baseUrl()}/blog?category=cost-and-planning`);
    await waitForEntry(page);
    for (const tag of await page.locator('#articles > li:visible .tag').allInnerTexts()) expect(tag).toBe('Cost & Planning');
    await page.goto(`${baseUrl()}/blog?category=nonsense`);
    await waitForEntry(page);
    await expect(page.locator('#blog-filter-status')).toContainText('no category called');
    expect(await page.locator('#articles > li:visible').count()).toBeGreaterThan(90);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${baseUrl()}/blog?category=storm-protection`);
      await expect(plain.locator('#articles > li:visible')).toHaveCount(count);
      await expect(plain.locator('#blog-filter-status')).toHaveText(`Showing ${count} articles in Storm Protection.`);
      await expect(plain.locator('nav[aria-label="Blog topics"] a[aria-current="page"]')).toHaveText(/Storm Protection/);
    } finally {
      await noScript.close();
    }
  });
});

test.describe('images', () => {
  test('a lazy image that fails to load shows the Image unavailable placeholder', async ({ page }) => {
    await page.route(/\/img\/pair-metal-after-[^/]+\.(avif|webp|svg)$/, (route) => route.abort());
    await page.goto(`${baseUrl()}/gallery`);
    // Anchored on the project and caption: the alt text itself changes when the placeholder goes in.
    const img = page.locator('#project-standing-seam-metal-tybee-island figure', { hasText: 'After' }).locator('picture img');
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveAttribute('src', '/image-unavailable.svg');
    await expect(img).toHaveAttribute('alt', /^Image unavailable/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });
});

test.describe('home with the mobile menu open @mobile', () => {
  test('passes axe', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('details.mobile-menu > summary').tap();
    await waitForEnhanced(page, 'mobile-menu');
    await expect(page.locator('details.mobile-menu')).toHaveAttribute('open');
    await expectNoAxeViolations(page, 'home with the mobile menu open');
  });
});
