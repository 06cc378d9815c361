import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../client/storage-keys.ts';
import { baseUrl, builtRoutes, waitForEntry, waitForHydrated } from './helpers.ts';

/** One page of each type: the fixed pages with their own islands, and the first of each collection. */
function pageOfEachType(): string[] {
  const paths = builtRoutes().map((r) => r.path);
  const first = (prefix: string) => {
    const found = paths.find((p) => p.startsWith(prefix) && p !== prefix.replace(/\/$/, ''));
    if (!found) throw new Error(`no page under ${prefix}`);
    return found;
  };
  return [
    '/',
    first('/services/'),
    first('/locations/'),
    first('/brands/'),
    first('/blog/category/'),
    paths.find((p) => p.startsWith('/blog/') && !p.startsWith('/blog/category/'))!,
    first('/gallery/service/'),
    '/blog',
    '/best-roofer-savannah',
    '/contact',
    '/financing',
    '/savannah-roof-cost',
    '/testimonials',
    '/report-issue',
    '/faq',
    '/appointment-scheduled',
  ];
}

test.describe('the visitor path on a phone', () => {
  test('opening the popup and every island on each page type logs no console error and reports none @mobile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/error-report') problems.push(`${page.url()}: reported ${request.postData()}`);
    });
    for (const path of pageOfEachType()) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForEntry(page);
      const book = page.locator('.mobile-bar a[data-opens="appointment"]');
      if (await book.count()) {
        await book.tap();
        await expect(page.locator('dialog.appointment-dialog[open] form'), path).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.locator('dialog.appointment-dialog[open]')).toHaveCount(0);
      }
      // Every other island wakes on intent (focus within it) or when scrolled near.
      const markers = page.locator('[data-island]');
      for (let i = 0; i < (await markers.count()); i++) {
        const marker = markers.nth(i);
        if ((await marker.getAttribute('data-hydrate')) === 'visible')
          await marker.locator(':scope > *').first().scrollIntoViewIfNeeded();
        else await marker.dispatchEvent('focusin');
        await expect(marker, `${path} ${await marker.getAttribute('data-island')}`).toHaveAttribute('data-hydrated', '');
      }
      const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.errorRecords);
      expect(stored, `${path}: stored error reports`).toBeNull();
    }
    expect(problems).toEqual([]);
  });
});

test.describe('the visitor path on a phone, in the forms', () => {
  test('choosing Text message shows the consent box beside it, never ticked, and sending asks for it @mobile', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/contact#consultation`);
    const form = page.locator('#consultation-form');
    const consent = form.getByLabel(/You may text me/);
    await expect(consent).toBeHidden();
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByRole('radio', { name: 'Text message' }).check();
    await expect(consent).toBeVisible();
    await expect(consent).not.toBeChecked();
    await expect(form.locator('.choice:has(input[value="text"]) + .choice-beside')).toContainText('only with your permission');
    await form.getByRole('radio', { name: 'Phone call' }).check();
    await expect(consent).toBeHidden();
    await form.getByRole('radio', { name: 'Text message' }).check();
    await form.getByLabel('Your name').fill('Phone Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0171');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    await expect(consent).toBeFocused();
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(consent).not.toBeChecked();
  });
});

test.describe('Book Now before the page is ready', () => {
  for (const when of ['before its script has loaded', 'without JavaScript'] as const) {
    test(`tapped ${when}, it reaches the inspection booking form, first on the screen @mobile`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        javaScriptEnabled: when !== 'without JavaScript',
      });
      const page = await context.newPage();
      // The entry script has not arrived: nothing has wired the Book links yet.
      if (when !== 'without JavaScript') await page.route(/\/assets\/entry-[^/]+\.js$/, () => {});
      await page.goto(`${baseUrl()}/`, { waitUntil: 'domcontentloaded' });
      await page.locator('.mobile-bar').getByRole('link', { name: 'Book Now' }).tap();
      await expect(page).toHaveURL(/\/contact#book-inspection$/);
      await expect(page.locator('#book-heading')).toBeInViewport();
      await expect(page.locator('#book-form').getByLabel('Your name')).toBeInViewport();
      await context.close();
    });
  }
});

test.describe('calls to action on a phone', () => {
  test('each screen of the main page types offers one primary action, and the choice is explained in one line @mobile', async ({
    page,
  }) => {
    const paths = builtRoutes().map((r) => r.path);
    const pages = ['/', paths.find((p) => p.startsWith('/services/'))!, paths.find((p) => p.startsWith('/locations/'))!];
    const crowded: string[] = [];
    for (const path of pages) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForEntry(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 844) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        // What a primary button looks like: the bottom bar's Book Now.
        const actions = await page.evaluate(() => {
          const look = getComputedStyle(document.querySelector('.mobile-bar .btn-primary')!).backgroundColor;
          const seen = new Set<string>();
          for (const el of document.querySelectorAll<HTMLElement>('a.btn, button.btn')) {
            const box = el.getBoundingClientRect();
            if (box.height === 0 || box.bottom <= 0 || box.top >= innerHeight) continue;
            if (getComputedStyle(el).backgroundColor !== look) continue;
            seen.add(
              el instanceof HTMLAnchorElement ? new URL(el.href).pathname + new URL(el.href).hash : el.textContent!.trim(),
            );
          }
          return [...seen];
        });
        if (actions.length > 1) crowded.push(`${path} at ${y}px: ${actions.join(', ')}`);
      }
    }
    expect(crowded).toEqual([]);
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('.cta-band .lead-choice').first()).toContainText('consultation is a call back');
  });
});

test.describe('internal pages', () => {
  test('an anonymous visitor to the launch checklist is sent to sign in and never sees its claims', async ({ page }) => {
    await page.goto(`${baseUrl()}/seo-completion-checklist`);
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fseo-completion-checklist$/);
    await expect(page.locator('body')).not.toContainText('400+');
  });
});
