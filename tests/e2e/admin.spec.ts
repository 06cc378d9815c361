import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { site } from '../../content/site.ts';
import { instantToOfficeLocal } from '../../lib/office-time.ts';
import { startAdminServer, type AdminServer } from '../admin-server.ts';
import { ADMIN_TOPICS, type AdminScreenRole } from '../../lib/admin-topics.ts';
import { builtPagePaths, expectNoAxeViolations, layoutShift } from './helpers.ts';

/**
 * Admin sign-in and settings in the browser: sign-in through the GitHub stand-in, the three settings
 * reaching public pages, a saved XSS payload that does not run, the notice that
 * expires, sign-out everywhere, and axe on the admin pages at desktop and phone
 * widths. Settings change every public page, so these tests run against a server
 * of their own, never the one the other specs share.
 */
const test = base.extend<{ server: AdminServer }, { adminServer: AdminServer }>({
  adminServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAdminServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ adminServer }, use) => use(adminServer),
});

test.describe.configure({ mode: 'serial' });

const PIXEL = '<script src="https://app.searchatlas.com/scripts/dynamic_optimization.js" data-uuid="e2e" async></script>';

/** Signs in the way the owner does: the admin page sends them to the login page, GitHub (the stand-in) approves. */
async function signIn(page: Page, server: AdminServer, path = '/admin/settings'): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await expect(page).toHaveURL(`${server.url}/admin/login?next=${encodeURIComponent(path)}`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(`${server.url}${path}`);
  await expect(page.locator('.admin-account')).toContainText(`@${server.login}`);
}

/** Google's and SearchAtlas's hosts answer with small scripts that say they ran (the sandbox has no internet). */
async function standInThirdParties(context: BrowserContext): Promise<void> {
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = (window.__gtmLoaded || 0) + 1;' }),
  );
  await context.route('https://app.searchatlas.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__pixelLoaded = true;' }),
  );
}

/** Records the page's CSP violations and dialogs from the first script on. */
async function watchForTrouble(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { dialogs };
}

/** A `datetime-local` value in the office's zone, `hours` from now. */
function officeLocal(hours: number): string {
  return instantToOfficeLocal(new Date(Date.now() + hours * 3_600_000), site.timeZone);
}

async function saveNotice(page: Page, text: string, hours: number): Promise<void> {
  // The expiry is typed to the minute, so a few minutes ahead is the soonest the form accepts with room to spare.
  const form = page.locator('form[data-admin-form="site-notice"]');
  await form.getByLabel('Notice text').fill(text);
  await form.getByLabel('Link (optional)').fill('/services/emergency-roof-repair');
  await form.getByLabel('Show until').fill(officeLocal(hours));
  await form.getByRole('button', { name: 'Save notice' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. Every public page shows it from its next load.');
}

test('the owner signs in with GitHub, changes all three settings, and a public page carries them in its HTML and in the browser', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(120_000);
  await signIn(page, server);

  // The container id: checked as it is typed with the server's rule, refused without losing what was typed, then saved by keyboard.
  const tagManager = page.locator('form[data-admin-form="tag-manager"]');
  const containerId = tagManager.getByLabel('Container ID');
  await containerId.fill('GТM-AB12CD3');
  await expect(tagManager.locator('#container-id-error')).toContainText('That is not a Tag Manager container ID');
  await tagManager.getByRole('button', { name: 'Save container ID' }).click();
  await expect(tagManager.getByRole('status')).toContainText('Not saved:');
  await expect(containerId).toHaveValue('GТM-AB12CD3');
  await containerId.fill(' GTM-AB12CD3 ');
  await expect(tagManager.locator('#container-id-error')).toBeHidden();
  await expect(tagManager.getByRole('status')).toHaveText('Will be saved as GTM-AB12CD3.');
  await containerId.press('Enter');
  await expect(tagManager.getByRole('status')).toHaveText('Saved. Every public page carries it from its next load.');
  await expect(containerId).toHaveValue('GTM-AB12CD3');
  await expect(page.locator('[data-setting-state="tag-manager"]')).toHaveText(
    'On: container GTM-AB12CD3 loads on every public page.',
  );

  // The pixel: the server-cleaned preview shows exactly what will be injected, before saving.
  const pixel = page.locator('form[data-admin-form="seo-pixel"]');
  await pixel.getByLabel('Pixel snippet').fill(`<script>steal()</script>\n${PIXEL}`);
  await expect(pixel.locator('[data-preview-code]')).toHaveText(PIXEL);
  await expect(pixel.locator('[data-preview-changed]')).toBeVisible();
  await pixel.getByLabel('Add the search-ranking script to every public page').check();
  await pixel.getByRole('button', { name: 'Save pixel' }).click();
  await expect(pixel.getByRole('status')).toHaveText('Saved. Every public page carries it from its next load.');
  await expect(pixel.getByLabel('Pixel snippet')).toHaveValue(PIXEL);

  await saveNotice(page, 'We are prioritising emergency tarping; call us.', 48);
  // Each change is in the history, with who made it.
  await expect(page.locator('[data-history] tbody tr')).toHaveCount(3);
  await expect(page.locator('[data-history] tbody tr').first()).toContainText(`@${server.login}`);

  // A public page's HTML carries all three, and the browser runs the first-party bootstrap and the pixel under the CSP.
  const html = await (await page.request.get(`${server.url}/about`)).text();
  expect(html).toMatch(/<script src="\/assets\/tag-manager-[^"]+\.js" data-container="GTM-AB12CD3" async><\/script>/);
  expect(html).toContain(PIXEL);
  expect(html).toContain('We are prioritising emergency tarping; call us.');

  await standInThirdParties(context);
  const visitor = await context.newPage();
  const trouble = await watchForTrouble(visitor);
  await visitor.goto(`${server.url}/about`);
  const notice = visitor.getByRole('region', { name: 'Notice from the office' });
  await expect(notice).toContainText('We are prioritising emergency tarping; call us.');
  await expect(notice.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:/);
  await expect.poll(() => visitor.evaluate(() => (window as unknown as { __gtmLoaded?: number }).__gtmLoaded)).toBe(1);
  await expect.poll(() => visitor.evaluate(() => (window as unknown as { __pixelLoaded?: boolean }).__pixelLoaded)).toBe(true);
  expect(
    await visitor.evaluate(() =>
      (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some((e) => e.event === 'gtm.js'),
    ),
  ).toBe(true);
  expect(await visitor.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  expect(trouble.dialogs).toEqual([]);
  // The admin page carries none of them.
  const adminHtml = await (await page.request.get(`${server.url}/admin/settings`)).text();
  expect(adminHtml).not.toContain('data-container=');
  expect(adminHtml).not.toContain('data-notice-expires');
});

test('a saved XSS payload does not run, on public pages or in the admin', async ({ page, context, server }) => {
  await signIn(page, server);
  const trouble = await watchForTrouble(page);
  const payload = [
    PIXEL.replace('data-uuid="e2e"', 'data-uuid="xss-test"'),
    '<img src=x onerror="window.__xss=1;alert(1)">',
    '<script>window.__xss=2</script>',
    '<svg onload="window.__xss=3">',
    '<script src="https://app.searchatlas.com.evil.test/x.js"></script>',
    '<iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
  ].join('\n');
  const pixel = page.locator('form[data-admin-form="seo-pixel"]');
  await pixel.getByLabel('Pixel snippet').fill(payload);
  await pixel.getByLabel('Add the search-ranking script to every public page').check();
  await pixel.getByRole('button', { name: 'Save pixel' }).click();
  await expect(pixel.getByRole('status')).toHaveText('Saved. Every public page carries it from its next load.');
  await saveNotice(page, '<img src=x onerror="window.__xss=5;alert(5)"> Tarps', 24);
  await page.reload();

  await standInThirdParties(context);
  const visitor = await context.newPage();
  const visitorTrouble = await watchForTrouble(visitor);
  await visitor.goto(`${server.url}/`);
  await expect(visitor.getByRole('region', { name: 'Notice from the office' })).toContainText(
    '<img src=x onerror="window.__xss=5;alert(5)"> Tarps',
  );
  await expect.poll(() => visitor.evaluate(() => (window as unknown as { __pixelLoaded?: boolean }).__pixelLoaded)).toBe(true);
  for (const p of [visitor, page]) {
    expect(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }
  expect([...trouble.dialogs, ...visitorTrouble.dialogs]).toEqual([]);
  // What reached the page's head is the allowed script alone; the notice's markup arrived as text.
  const html = await (await page.request.get(`${server.url}/`)).text();
  expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/onerror|onload|srcdoc|evil\.test|__xss/);
  expect(html).toContain('&lt;img src=x onerror=&quot;window.__xss=5;alert(5)&quot;&gt; Tarps');
});

test('the notice disappears by itself when it expires, also from a page loaded before', async ({ page, context, server }) => {
  await signIn(page, server);
  await saveNotice(page, 'Storm crews out until tonight.', 3 / 60);
  const visitor = await context.newPage();
  await visitor.clock.install();
  await visitor.goto(`${server.url}/faq`);
  const notice = visitor.getByRole('region', { name: 'Notice from the office' });
  await expect(notice).toContainText('Storm crews out until tonight.');
  // The page stays open past the expiry (the server has stopped injecting by then; this page was loaded before).
  await visitor.clock.fastForward('01:30');
  await expect(notice).toBeVisible();
  const before = await visitor.locator('h1').boundingBox();
  await visitor.clock.fastForward('02:00');
  await expect(notice).toHaveCount(0);
  // Gone from sight and from screen readers, its space kept: the text being read does not jump.
  await expect(visitor.getByText('Storm crews out until tonight.')).toBeHidden();
  expect(await visitor.locator('h1').boundingBox()).toEqual(before);
  const { total, shifts } = await layoutShift(visitor);
  expect(total, shifts.join('\n')).toBe(0);
  // A page opened after the expiry carries no notice at all.
  await visitor.reload();
  await expect(visitor.locator('.site-notice')).toHaveCount(0);
  // And the owner can take it down at once.
  await page.locator('form[data-admin-form="site-notice"]').getByRole('button', { name: 'Remove the notice now' }).click();
  await expect(page.locator('[data-notice-state]')).toHaveText('Not showing.');
  expect(await (await page.request.get(`${server.url}/faq`)).text()).not.toContain('Storm crews out until tonight.');
});

test('the notice is an alert on the first screen of every page, pinned above the header as the page scrolls, and nothing moves', async ({
  page,
  browser,
  server,
}) => {
  await signIn(page, server);
  await saveNotice(page, 'Tropical storm warning: our crews are tarping roofs until Friday.', 48);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const visitor = await phone.newPage();
  for (const path of ['/', '/services/roof-repairs', '/blog/atlas-vs-gaf']) {
    await visitor.goto(`${server.url}${path}`);
    const notice = visitor.getByRole('region', { name: 'Notice from the office' });
    await expect(notice).toBeInViewport();
    await expect(notice.locator('svg')).toHaveAttribute('aria-hidden', 'true');
    await expect(visitor.locator('html[data-notice-pinned]')).toHaveCount(1);
    await visitor.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => notice.evaluate((n) => n.getBoundingClientRect().top)).toBe(0);
    const bottom = await notice.evaluate((n) => n.getBoundingClientRect().bottom);
    const header = await visitor.locator('#site-header').evaluate((h) => h.getBoundingClientRect().top);
    expect(header, path).toBeCloseTo(bottom, 0);
    const { total, shifts } = await layoutShift(visitor);
    expect(total, `${path}\n${shifts.join('\n')}`).toBe(0);
  }
  await expectNoAxeViolations(visitor, 'a page with the notice');
  // On a screen so short that the notice would take a third of it, it stays at the top of the page instead.
  await visitor.setViewportSize({ width: 390, height: 150 });
  await expect(visitor.locator('html[data-notice-pinned]')).toHaveCount(0);
  await phone.close();
  await page.locator('form[data-admin-form="site-notice"]').getByRole('button', { name: 'Remove the notice now' }).click();
  await expect(page.locator('[data-notice-state]')).toHaveText('Not showing.');
});

test('a notice saved from another tab is not overwritten unseen; saving again replaces it on purpose', async ({
  page,
  context,
  server,
}) => {
  await signIn(page, server);
  const other = await context.newPage();
  await other.goto(`${server.url}/admin/settings`);
  await saveNotice(other, 'Saved in the other tab.', 24);

  // This tab was opened before that save and still shows the form as it was.
  const form = page.locator('form[data-admin-form="site-notice"]');
  await form.getByLabel('Notice text').fill('Typed in this tab.');
  await form.getByLabel('Show until').fill(officeLocal(12));
  await form.getByRole('button', { name: 'Save notice' }).click();
  await expect(form.getByRole('status')).toContainText(`Not saved: @${server.login} changed this setting on `);
  await expect(form.getByRole('status')).toContainText('What you typed is still here.');
  await expect(form.getByLabel('Notice text')).toHaveValue('Typed in this tab.');
  // The history now shows the other tab's change.
  await expect(page.locator('[data-history]')).toContainText('Saved in the other tab.');
  expect(await (await page.request.get(`${server.url}/faq`)).text()).toContain('Saved in the other tab.');

  await form.getByRole('button', { name: 'Save notice' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. Every public page shows it from its next load.');
  expect(await (await page.request.get(`${server.url}/faq`)).text()).toContain('Typed in this tab.');
  await other.close();
  await form.getByRole('button', { name: 'Remove the notice now' }).click();
  await expect(page.locator('[data-notice-state]')).toHaveText('Not showing.');
});

test('a draft put back by a reload keeps the revision it was typed on: a save made meanwhile elsewhere is not replaced unseen', async ({
  page,
  context,
  server,
}) => {
  await signIn(page, server);
  const form = page.locator('form[data-admin-form="site-notice"]');
  await form.getByLabel('Notice text').fill('Typed before the reload.');
  await form.getByLabel('Show until').fill(officeLocal(12));

  const other = await context.newPage();
  await other.goto(`${server.url}/admin/settings`);
  await saveNotice(other, 'Saved elsewhere while the draft waited.', 24);
  await other.close();

  // The reload serves the newer revision; the draft brings back the one it was typed on.
  await page.reload();
  await expect(form.getByLabel('Notice text')).toHaveValue('Typed before the reload.');
  await form.getByRole('button', { name: 'Save notice' }).click();
  await expect(form.getByRole('status')).toContainText(`Not saved: @${server.login} changed this setting on `);
  expect(await (await page.request.get(`${server.url}/faq`)).text()).toContain('Saved elsewhere while the draft waited.');

  // Told, the owner can still save on purpose, also after another reload.
  await page.reload();
  await expect(form.getByLabel('Notice text')).toHaveValue('Typed before the reload.');
  await form.getByRole('button', { name: 'Save notice' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. Every public page shows it from its next load.');
  expect(await (await page.request.get(`${server.url}/faq`)).text()).toContain('Typed before the reload.');
  await form.getByRole('button', { name: 'Remove the notice now' }).click();
  await expect(page.locator('[data-notice-state]')).toHaveText('Not showing.');
});

async function device(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('signing out ends the session on every device, and an old cookie no longer works', async ({ browser, server }) => {
  const phone = await device(browser);
  const desk = await device(browser);
  try {
    await signIn(phone.page, server, '/admin');
    await signIn(desk.page, server, '/admin/settings');
    const [old] = (await desk.context.cookies()).filter((c) => c.name === 'admin_session');
    expect(old?.httpOnly).toBe(true);

    // Typed on the desk, not saved yet: it must survive the session ending.
    await desk.page.locator('form[data-admin-form="site-notice"]').getByLabel('Notice text').fill('Half-written notice');

    await phone.page.getByRole('button', { name: 'Sign out on every device' }).click();
    await phone.page.waitForURL(`${server.url}/admin/login?signed_out=1`);
    await expect(phone.page.locator('.admin-alert[role="status"]')).toContainText('You are signed out on every device.');
    expect((await phone.context.cookies()).filter((c) => c.name === 'admin_session')).toEqual([]);

    // The desk's tab comes back into focus: its check finds the session gone and sends it to sign in, with the way back.
    await desk.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await desk.page.waitForURL(`${server.url}/admin/login?next=%2Fadmin%2Fsettings&expired=1`);
    await expect(desk.page.locator('.admin-alert[role="status"]')).toContainText('Your session has ended');

    // The old cookie, replayed anywhere, opens nothing.
    const replay = await browser.newContext();
    try {
      await replay.addCookies([old!]);
      const res = await replay.request.get(`${server.url}/api/me`);
      expect(res.status()).toBe(401);
    } finally {
      await replay.close();
    }

    // Signing in again brings back what was typed.
    await desk.page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await desk.page.waitForURL(`${server.url}/admin/settings`);
    await expect(desk.page.locator('form[data-admin-form="site-notice"]').getByLabel('Notice text')).toHaveValue(
      'Half-written notice',
    );
  } finally {
    await phone.context.close();
    await desk.context.close();
  }
});

test('a reload keeps what was typed, radio buttons as chosen, and a saved form forgets its draft', async ({ page, server }) => {
  await signIn(page, server, '/admin/users');
  const grant = page.locator('form[data-admin-form="grant"]');
  await grant.getByLabel('GitHub login').fill('draft-tester');
  await grant.getByRole('radio', { name: /^Owner \(full access\)/ }).check();
  await page.reload();
  await expect(grant.getByLabel('GitHub login')).toHaveValue('draft-tester');
  await expect(grant.getByRole('radio', { name: /^Owner \(full access\)/ })).toBeChecked();
  await expect(grant.getByRole('radio', { name: /^Office staff:/ })).not.toBeChecked();
  // The radio buttons keep their own values: choosing office staff after a restore grants that role.
  await grant.getByRole('radio', { name: /^Office staff:/ }).check();
  await page.reload();
  await expect(grant.getByRole('radio', { name: /^Office staff:/ })).toBeChecked();
  expect(await grant.locator('input[name="role"]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(
    ['admin', 'super_admin'],
  );
  await grant.getByRole('button', { name: 'Give access' }).click();
  await expect(page.locator('tr', { hasText: '@draft-tester' })).toContainText('Office staff');
  await expect(page.locator('tr', { hasText: '@draft-tester' })).not.toContainText('Owner (full access)');
  // Saved: the form is empty again after a reload.
  await page.reload();
  await expect(grant.getByLabel('GitHub login')).toHaveValue('');

  await page.goto(`${server.url}/admin/settings`);
  const notice = page.locator('form[data-admin-form="site-notice"]').getByLabel('Notice text');
  await notice.fill('Typed, then the page reloaded');
  await page.reload();
  await expect(notice).toHaveValue('Typed, then the page reloaded');
  await expect(page.locator('form[data-admin-form="site-notice"]')).toContainText('What you typed before is back in the form');
  await notice.fill('');
  await page.reload();
  await expect(notice).toHaveValue('');
});

/** A consultation request, as the site's form sends it; its reference. */
async function sendLead(server: AdminServer): Promise<string> {
  const res = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'consultation',
      name: 'Axe Visitor',
      phone: '912-555-0177',
      zip: '31405',
      idempotencyKey: `axe-${Date.now()}-${Math.random()}`,
      startedAt: Date.now() - 30_000,
      sentAt: Date.now(),
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/**
 * Every admin screen of lib/admin-topics.ts, so a new screen is checked without a change here:
 * the sign-in page signed out, then each other screen signed in as the owner. The screens that
 * show one record get a seeded one (a lead, an invitation). `also` runs on each page after axe.
 */
async function axeAdminPages(page: Page, server: AdminServer, also?: (path: string) => Promise<void>): Promise<void> {
  const paths = builtPagePaths();
  const check = async (path: string) => {
    await page.goto(`${server.url}${path}`);
    // The screen itself, not the sign-in page it might have sent the browser to.
    expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    await expectNoAxeViolations(page, path);
    await also?.(path);
  };
  await check(paths['admin-login']);
  await signIn(page, server, paths['admin-home']);
  const seeded: Partial<Record<AdminScreenRole, string>> = {
    'admin-lead': `${paths['admin-lead']}?ref=${encodeURIComponent(await sendLead(server))}`,
  };
  await page.goto(`${server.url}${paths['admin-users']}`);
  await page.locator('section[data-invite]').getByLabel('Their name').fill('Axe Invitee');
  await page.getByRole('button', { name: 'Make the invitation link' }).click();
  const invitation = new URL(await page.getByLabel('Invitation link').inputValue());
  seeded['admin-invitation'] = `${invitation.pathname}${invitation.search}`;
  for (const { role } of ADMIN_TOPICS) {
    if (role !== 'admin-login') await check(seeded[role] ?? paths[role]);
  }
  // A refused save shows its messages: those must pass too.
  await page.goto(`${server.url}${paths['admin-settings']}`);
  await page.locator('form[data-admin-form="site-notice"]').getByRole('button', { name: 'Save notice' }).click();
  await expect(page.locator('#notice-text-error')).toBeVisible();
  await expectNoAxeViolations(page, '/admin/settings with errors');
}

test('axe finds no violations on any admin screen on a desktop', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await axeAdminPages(page, server);
});

test('axe finds no violations on any admin screen at 390 px, and nothing scrolls sideways @mobile', async ({ page, server }) => {
  // Page speed for more pages than the dashboard lists: one slow page, among the least visited.
  const pages = ['/', '/about', '/contact', '/gallery', '/blog', '/financing', '/services', '/locations'];
  pages.push(
    '/services/roof-repairs',
    '/services/roof-replacements',
    '/services/emergency-roof-repair',
    '/locations/pooler-roofing',
  );
  for (const [i, path] of pages.entries()) {
    const metrics = [{ name: 'LCP', value: path === '/financing' ? 4100 : 1200 + i, id: `v5-${i}-1` }];
    const res = await page.request.post(`${server.url}/api/vitals`, { data: { page: path, metrics } });
    expect(res.status(), path).toBe(204);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await axeAdminPages(page, server, async (path) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  });
  // The leads search box's example words fit in it, not cut off at the phone's width.
  await page.goto(`${server.url}${builtPagePaths()['admin-leads']}`);
  const room = await page.locator('#lead-q').evaluate(async (input: HTMLInputElement) => {
    await document.fonts.ready;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return inside - context.measureText(input.placeholder).width;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  await page.goto(`${server.url}/admin`);
  const speed = page.locator('section[aria-labelledby="vitals-title"]');
  await expect(speed.locator('tbody tr')).toHaveCount(10);
  await expect(speed.locator('tbody tr').first().locator('th')).toHaveText('/financing');
  await expect(speed).toContainText('2 more pages were measured. All of them are within the good limits.');
});
