import { test as base, expect, type Page } from '@playwright/test';
import { site } from '../../content/site.ts';
import { bookableDates } from '../../lib/lead-schema.ts';
import { startAdminServer, type AdminServer } from '../admin-server.ts';

/**
 * The admin on a phone (390 × 844), against a server of its own with 30 leads and a month of
 * bookings: each page opens on its content under a small tab bar, and the one-tap actions
 * say "Saved" and can be undone.
 */
const test = base.extend<{ server: AdminServer }, { adminServer: AdminServer }>({
  adminServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAdminServer({
        login: 'phone-owner',
        env: { LEAD_RATE_LIMIT: '1000', GOOGLE_PLACE_ID: 'ChIJ-phone-place' },
      });
      await seed(server);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ adminServer }, use) => use(adminServer),
});

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };

/** 30 leads: 20 inspections spread over the next month's bookable days, 10 consultations. */
async function seed(server: AdminServer): Promise<void> {
  const days = bookableDates(new Date(), site.timeZone);
  for (let i = 0; i < 30; i += 1) {
    const inspection = i < 20;
    const res = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: inspection ? 'inspection' : 'consultation',
        name: `Phone Lead ${i + 1}`,
        phone: `912-555-${String(1000 + i)}`,
        zip: '31405',
        // Every third visitor agreed to texts.
        smsConsent: i % 3 === 0,
        ...(inspection
          ? {
              streetAddress: `${i + 1} Oak St`,
              preferredDate: days[i % days.length],
              preferredWindow: i % 2 ? 'afternoon' : 'morning',
            }
          : {}),
        idempotencyKey: `phone-${i}-${Date.now()}`,
        startedAt: Date.now() - 30_000,
        sentAt: Date.now(),
      }),
    });
    expect(res.status, `lead ${i}`).toBe(201);
  }
}

async function signIn(page: Page, server: AdminServer, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(`${server.url}${path}`);
}

/** How tall the admin's own chrome is: the header and the tab bar. */
async function menuHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const height = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0;
    return height('.admin-header') + height('.admin-tabs');
  });
}

test('every admin page opens on its content under a menu at most 120 px tall @mobile', async ({ page, server }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/leads');
  for (const path of ['/admin', '/admin/leads', '/admin/inspections', '/admin/errors', '/admin/settings', '/admin/users']) {
    await page.goto(`${server.url}${path}`);
    expect(await menuHeight(page), path).toBeLessThanOrEqual(120);
    const heading = await page.locator('h1').boundingBox();
    expect(heading!.y, path).toBeLessThan(120);
    await page.screenshot({ path: `test-results/phone/${path.replaceAll('/', '_')}.png`, fullPage: true });
  }
  // The account and the rarer pages are under More.
  await page.getByText('More', { exact: true }).click();
  await expect(page.locator('.admin-more-panel').getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.locator('.admin-more-panel').getByRole('button', { name: 'Sign out on every device' })).toBeVisible();
});

test('on the leads list the first lead is on the first screen, and one tap sets a status that Undo takes back @mobile', async ({
  page,
  server,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/leads');
  const tabsTop = await page.locator('.admin-tabs').evaluate((el) => el.getBoundingClientRect().top);
  const first = page.locator('[data-lead]').first();
  expect((await first.boundingBox())!.y).toBeLessThan(tabsTop - 100);
  await expect(first).toHaveClass(/lead-is-new/);

  await first.getByRole('button', { name: 'Contacted' }).click();
  const toast = page.locator('.admin-toast-live');
  await expect(toast).toContainText(/Saved at \d{1,2}:\d\d [AP]M: .+ is now Contacted\./);
  await expect(first.locator('[data-row-status]')).toHaveText('Contacted');
  await expect(first).not.toHaveClass(/lead-is-new/);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toContainText('is back to New.');
  await page.reload();
  await expect(page.locator('[data-lead]').first().locator('[data-row-status]')).toHaveText('New');
  await page.screenshot({ path: 'test-results/phone/leads-after-undo.png' });
});

test("a lead's page: call, the reason there is no text, the map, and one tap on its status @mobile", async ({ page, server }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/leads?q=Phone+Lead+2');
  await page.getByRole('link', { name: 'Phone Lead 2', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByText('No text: they did not agree to receive text messages.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Map: 2 Oak St/ })).toHaveAttribute('href', /google\.com\/maps/);
  await page
    .getByRole('group', { name: /Set the status/ })
    .getByRole('button', { name: 'Scheduled' })
    .click();
  await expect(page.locator('.admin-toast-live')).toContainText('is now Scheduled');
  await expect(page.locator('[data-lead-history]')).toContainText('Status New → Scheduled');
  await page.screenshot({ path: 'test-results/phone/lead.png', fullPage: true });
});

test('the inspections calendar is a week, at most 4 phone screens tall, with a day opened below it @mobile', async ({
  page,
  server,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/inspections');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(4 * PHONE.height);
  const days = page.locator('.calendar-week tbody tr');
  expect(await days.count()).toBeLessThanOrEqual(7);
  // Tap a day: its bookings and its forms open below the week.
  const second = days.nth(1);
  const date = await second.getAttribute('data-date');
  await second.getByRole('link').click();
  await expect(page.locator('#day')).toHaveAttribute('data-date', date!);
  const form = page.locator(`form[data-admin-form="day-capacity-${date}"]`);
  await form.getByLabel('Afternoon').fill('3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved at \d{1,2}:\d\d [AP]M\./);
  await expect(page.locator(`.calendar-week tr[data-date="${date}"] td[data-window="afternoon"]`)).toContainText('left');
  await page.screenshot({ path: 'test-results/phone/inspections-day.png', fullPage: true });
});

test("a weekday's usual number, saved on the phone, is what that day of the calendar offers @mobile", async ({
  page,
  server,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/inspections');
  // The week's first open day that has no number of its own.
  const day = page.locator('.calendar-week tbody tr:not(.calendar-day-blocked)').first();
  const date = (await day.getAttribute('data-date'))!;
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const morning = day.locator('td[data-window="morning"]');
  const booked = Number(await morning.locator('strong').textContent());
  const form = page.locator('form[data-admin-form="weekday-capacity"]');
  await form.getByLabel(`${weekday} morning`).fill(String(booked + 7));
  await form.getByRole('button', { name: 'Save weekdays' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Saved at \d{1,2}:\d\d [AP]M\./);
  await expect(page.locator(`.calendar-week tr[data-date="${date}"] td[data-window="morning"]`)).toContainText('7 left');
  await page.reload();
  await expect(form.getByLabel(`${weekday} morning`)).toHaveValue(String(booked + 7));
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(4 * PHONE.height);
  await page.screenshot({ path: 'test-results/phone/inspections-weekday.png', fullPage: true });
});

test('taking access asks first and Undo gives it back; never offered beside your own name @mobile', async ({ page, server }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/users');
  await expect(page.getByText(`Take access from @${server.login}`)).toHaveCount(0);
  const grant = page.locator('form[data-admin-form="grant"]');
  await grant.getByLabel('GitHub login').fill('phone-helper');
  await grant.getByRole('radio', { name: /^Office staff:/ }).check();
  await grant.getByRole('button', { name: 'Give access' }).click();
  const row = page.locator('tr', { hasText: '@phone-helper' });
  await expect(row).toBeVisible();
  await row.getByText('Take access from @phone-helper…').click();
  await row.getByRole('button', { name: 'Yes, take access from @phone-helper' }).click();
  await expect(page.locator('tr', { hasText: '@phone-helper' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo: make @phone-helper Office staff again' }).click();
  await expect(page.locator('tr', { hasText: '@phone-helper' })).toContainText('Office staff');
});

test('"Sign out" on the phone keeps the desk signed in @mobile', async ({ browser, server }) => {
  const phone = await browser.newContext({ viewport: PHONE });
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const phonePage = await phone.newPage();
    const deskPage = await desk.newPage();
    await signIn(phonePage, server, '/admin');
    await signIn(deskPage, server, '/admin/settings');
    await phonePage.getByText('More', { exact: true }).click();
    await phonePage.locator('.admin-more-panel').getByRole('button', { name: 'Sign out', exact: true }).click();
    await phonePage.waitForURL(/signed_out=here/);
    await expect(phonePage.locator('.admin-alert[role="status"]')).toContainText('Your other devices stay signed in.');
    const me = await deskPage.request.get(`${server.url}/api/me`);
    expect(me.status()).toBe(200);
    await deskPage.reload();
    await expect(deskPage).toHaveURL(`${server.url}/admin/settings`);
  } finally {
    await phone.close();
    await desk.close();
  }
});

test('the tag-manager box: the hint says capitals, and an old refusal is gone after a later save @mobile', async ({
  page,
  server,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, server, '/admin/settings');
  const form = page.locator('form[data-admin-form="tag-manager"]');
  await expect(form.locator('#container-id-hint')).toContainText('capital letters');
  const box = form.getByLabel('Container ID');
  await box.fill(' gtm-abc1234 ');
  await form.getByRole('button', { name: 'Save container ID' }).click();
  await expect(form.getByRole('status')).toContainText('Not saved');
  await expect(form.getByRole('status')).toHaveClass(/form-status-error/);
  await box.fill(' GTM-ABC1234 ');
  await form.getByRole('button', { name: 'Save container ID' }).click();
  await expect(form.getByRole('status')).toContainText('Saved');
  await expect(form.locator('.field-error')).toBeHidden();
  await expect(page.locator('.form-status-error')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/Not saved/);
  await box.fill('');
  await form.getByRole('button', { name: 'Save container ID' }).click();
  await expect(form.getByRole('status')).toContainText('Saved');
});

test('a won lead offers "Ask for a review" by text with Google\'s link, once @mobile', async ({ page, server }) => {
  await page.setViewportSize(PHONE);
  // Phone Lead 4 (the fourth sent) agreed to texts.
  await signIn(page, server, '/admin/leads?q=Phone+Lead+4');
  await page.getByRole('link', { name: 'Phone Lead 4', exact: true }).click();
  await expect(page.locator('#review')).toHaveCount(0);
  await page
    .getByRole('group', { name: /Set the status/ })
    .getByRole('button', { name: 'Won' })
    .click();
  await expect(page.locator('.admin-toast-live')).toContainText('is now Won');
  await page.reload();
  await page.getByRole('button', { name: 'Ask by text' }).click();
  const open = page.getByRole('link', { name: 'Open the text message to send it' });
  await expect(open).toHaveAttribute('href', /^sms:.*writereview%3Fplaceid%3DChIJ-phone-place/);
  await expect(page.locator('[data-review-asked]')).toContainText('Each customer is asked once.');
  await expect(page.getByRole('button', { name: 'Ask by text' })).toHaveCount(0);
  const again = await page.request.post(`${server.url}/api/admin/leads/${new URL(page.url()).searchParams.get('ref')}/review`, {
    data: { channel: 'text' },
    headers: { origin: server.url },
  });
  expect(again.status()).toBe(409);
});
