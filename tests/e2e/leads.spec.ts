import { expect, type Locator, type Page } from '@playwright/test';
import { site } from '../../content/site.ts';
import type { TestServer } from '../server-process.ts';
import { test } from './lead-server.ts';
import { expectNoAxeViolations, waitForEntry, waitForHydrated } from './helpers.ts';

/**
 * Both lead forms in the browser by keyboard and by mouse, with
 * JavaScript on and off, errors, a failed send, a full window, the confirmation
 * page and its .ics file. These tests post many leads from one address, so they
 * run against their own server with the lead rate limit raised (no SMTP: leads
 * are stored and their emails wait as pending).
 */

interface Day {
  date: string;
  windows: Record<'morning' | 'afternoon', { remaining: number }>;
}

/** A date with both windows free; `n` keeps tests on different dates. */
async function freeDate(page: Page, server: TestServer, n: number): Promise<string> {
  const res = await page.request.get(`${server.url}/api/leads/availability`);
  const { days } = (await res.json()) as { days: Day[] };
  const free = days.filter((d) => d.windows.morning.remaining === 3 && d.windows.afternoon.remaining === 3);
  return free[n % free.length]!.date;
}

/** Keeps the data layer across the navigation to the confirmation page. */
async function recordDataLayer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const saved = JSON.parse(sessionStorage.getItem('test-data-layer') ?? '[]') as unknown[];
    const layer: Record<string, unknown>[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...items: Record<string, unknown>[]) => {
      for (const item of items) {
        const { eventCallback: _callback, ...copy } = item;
        saved.push(copy);
      }
      sessionStorage.setItem('test-data-layer', JSON.stringify(saved));
      return push(...items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

async function leadEvents(page: Page): Promise<Record<string, unknown>[]> {
  const all = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('test-data-layer') ?? '[]') as Record<string, unknown>[],
  );
  return all.filter((e) => e.event === 'generate_lead');
}

/**
 * A form sent within two seconds of its start is taken for a bot (the
 * spam rules of docs/product.md) and answered like a person but not booked; Playwright types faster than
 * anyone, so the tests take a person's time before sending.
 */
async function takeAPersonsTime(page: Page): Promise<void> {
  await page.waitForTimeout(2_100);
}

/** Fills the booking form's required fields for a morning visit, as typed into the page's own markup (no waiting for its script). */
async function fillBooking(
  form: Locator,
  {
    name,
    date,
    street = '9 Bull St',
    property = 'Single-family home',
  }: { name: string; date: string; street?: string; property?: string },
): Promise<void> {
  await form.getByLabel('Your name').fill(name);
  await form.getByRole('textbox', { name: /^Phone/ }).fill('(912) 555-0172');
  await form.getByLabel('Street address of the property').fill(street);
  await form.getByLabel('ZIP code').fill('31401');
  await form.getByLabel('Preferred date').fill(date);
  await form.getByRole('radio', { name: /Morning/ }).check();
  await form.getByLabel('Property type').selectOption({ label: property });
}

async function remaining(page: Page, server: TestServer, date: string, window: 'morning' | 'afternoon'): Promise<number> {
  const { days } = (await (await page.request.get(`${server.url}/api/leads/availability`)).json()) as { days: Day[] };
  return days.find((d) => d.date === date)!.windows[window].remaining;
}

const ref = /\b[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\b/;

test.describe('with JavaScript', () => {
  test('the consultation form works by mouse and lands on its confirmation', async ({ page, server }) => {
    const reactErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Minified React error|hydrat/i.test(message.text())) reactErrors.push(message.text());
    });
    await recordDataLayer(page);
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByLabel('Your name').fill('Mouse Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('(912) 555-0170');
    await form.getByRole('textbox', { name: /^Email/ }).fill('mouse@example.com');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await form.getByLabel('Service').selectOption('Roof Repair');
    await form.getByLabel('Property type').selectOption({ label: 'Single-family home' });
    await form.getByRole('radio', { name: 'Not sure' }).check();
    await form.getByLabel('Anything we should know?').fill('Shingles missing after the storm.');
    await form.getByRole('radio', { name: 'Text message' }).check();
    await form.getByLabel(/You may text me/).check();
    // Both forms on the page hydrated without a mismatch between server and browser markup.
    await page.locator('#book-form').getByLabel('Your name').hover();
    await waitForHydrated(page, 'InspectionForm');
    expect(reactErrors).toEqual([]);
    await takeAPersonsTime(page);
    await form.getByRole('button', { name: 'Request my free consultation' }).click();

    await page.waitForURL(/\/consultation-received$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your consultation request is in');
    await expect(page.locator('.lead-reference')).toHaveText(ref);
    await expect(page.locator('.lead-summary')).toContainText('(912) 555-0170');
    const events = await leadEvents(page);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'generate_lead', lead_kind: 'consultation', form_id: 'consultation-form' });
    expect(events[0]!.lead_reference).toBe(await page.locator('.lead-reference').textContent());
  });

  test('the booking form works by keyboard, and the confirmation offers an .ics file', async ({ page, server }) => {
    await recordDataLayer(page);
    const date = await freeDate(page, server, 1);
    await page.goto(`${server.url}/contact#book-inspection`);
    const form = page.locator('#book-form');
    await form.getByLabel('Your name').focus();
    await waitForHydrated(page, 'InspectionForm');
    await page.keyboard.type('Keyboard Visitor');
    await page.keyboard.press('Tab');
    await page.keyboard.type('912 555 0171');
    await page.keyboard.press('Tab');
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('7 Bull St');
    await page.keyboard.press('Tab');
    await page.keyboard.type('31401');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Preferred date')).toBeFocused();
    const [y, m, d] = date.split('-');
    await page.keyboard.type(`${m}${d}${y}`);
    await expect(form.getByLabel('Preferred date')).toHaveValue(date);
    await form.getByRole('radio', { name: /Afternoon/ }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: /Afternoon/ })).toBeChecked();
    await takeAPersonsTime(page);
    await form.getByLabel('Street address of the property').focus();
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/appointment-scheduled$/);
    const summary = page.locator('.lead-summary');
    await expect(summary.locator('.lead-reference')).toHaveText(ref);
    // A real booking: it holds one of the window's places.
    expect(await remaining(page, server, date, 'afternoon')).toBe(2);
    await expect(summary).toContainText('Afternoon, 12 pm to 4 pm');
    await expect(summary).toContainText('7 Bull St, 31401');
    const long = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    await expect(summary).toContainText(long);
    expect((await leadEvents(page))[0]).toMatchObject({ lead_kind: 'inspection', form_id: 'book-form' });

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to my calendar (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^roof-inspection-[0-9A-Z]{4}-[0-9A-Z]{4}\.ics$/);
    const ics = await page.request.get(
      await page
        .getByRole('link', { name: 'Add to my calendar (.ics)' })
        .getAttribute('href')
        .then((h) => `${server.url}${h}`),
    );
    const text = await ics.text();
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`DTSTART:${date.replace(/-/g, '')}T`);
    expect(text).toContain('LOCATION:7 Bull St\\, 31401');
  });

  test('errors show at the fields, are announced, focus the first one, and pass axe', async ({ page, server }) => {
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByRole('textbox', { name: /^Phone/ }).click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('555-12');
    await form.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await form.getByRole('button', { name: 'Request my free consultation' }).click();

    await expect(form.getByLabel('Your name')).toBeFocused();
    await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#consultation-phone-error')).toHaveText(/10-digit US phone number/);
    await expect(form.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-describedby', /consultation-phone-error/);
    await expect(form.locator('[role="status"]')).toHaveText('Please check 4 fields: Name, Phone, Email, ZIP code.');
    // Everything typed is still there.
    await expect(form.getByRole('textbox', { name: /^Phone/ })).toHaveValue('555-12');
    await expectNoAxeViolations(page, 'consultation form with errors');

    await form.getByLabel('Your name').fill('Fixed Visitor');
    await expect(form.getByLabel('Your name')).not.toHaveAttribute('aria-invalid');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('9125550172');
    await form.getByRole('textbox', { name: /^Email/ }).fill('');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await takeAPersonsTime(page);
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    await page.waitForURL(/\/consultation-received$/);
  });

  test('a failed send keeps the values and offers the phone and a prefilled text', async ({ page, server }) => {
    await page.route('**/api/leads', (route) => route.abort('connectionreset'));
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByLabel('Your name').fill('Offline Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0173');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await form.getByRole('button', { name: 'Request my free consultation' }).click();

    const alert = form.getByRole('alert');
    await expect(alert).toContainText('we cannot tell whether your request arrived');
    await expect(alert).toBeFocused();
    await expect(alert.getByRole('link', { name: `Call ${site.phone}` })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    const sms = await alert.getByRole('link', { name: 'Text us your request' }).getAttribute('href');
    expect(sms).toMatch(/^sms:\+1\d{10}\?&body=/);
    expect(decodeURIComponent(sms!.split('body=')[1]!)).toContain('Name: Offline Visitor. Phone: 912-555-0173. ZIP: 31405.');
    await expect(form.getByLabel('Your name')).toHaveValue('Offline Visitor');
    await expect(form.getByRole('button', { name: 'Request my free consultation' })).toBeEnabled();
    await expectNoAxeViolations(page, 'consultation form after a failed send');
  });

  test('a retry after a lost answer is the same lead, even when the page address changed in between', async ({
    page,
    server,
  }) => {
    // The server stores the first send, but its answer never reaches the phone.
    let stored = '';
    await page.route('**/api/leads', async (route) => {
      stored = ((await (await route.fetch()).json()) as { reference: string }).reference;
      await route.abort('connectionreset');
    });
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByLabel('Your name').fill('Retrying Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0175');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await takeAPersonsTime(page);
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    await expect(form.getByRole('alert')).toContainText('we cannot tell whether your request arrived');
    expect(stored).toMatch(ref);
    await page.unroute('**/api/leads');
    // An in-page link (here the booking form's) changes the address before the visitor tries again.
    await page.evaluate(() => (location.hash = 'book-inspection'));
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    await page.waitForURL(/\/consultation-received$/);
    await expect(page.locator('.lead-reference')).toHaveText(stored);
  });

  test('a retry after a lost answer and a reload of the page is still the same lead', async ({ page, server }) => {
    // The server stores the first send, but its answer never reaches the phone; the visitor reloads and types it again.
    let stored = '';
    await page.route('**/api/leads', async (route) => {
      stored = ((await (await route.fetch()).json()) as { reference: string }).reference;
      await route.abort('connectionreset');
    });
    const form = page.locator('#consultation-form');
    const fillAndSend = async () => {
      await form.getByLabel('Your name').click();
      await waitForHydrated(page, 'ConsultationForm');
      await form.getByLabel('Your name').fill('Reloading Visitor');
      await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0179');
      await form.getByLabel('ZIP code of the property').fill('31405');
      await takeAPersonsTime(page);
      await form.getByRole('button', { name: 'Request my free consultation' }).click();
    };
    await page.goto(`${server.url}/contact#consultation`);
    await fillAndSend();
    await expect(form.getByRole('alert')).toContainText('we cannot tell whether your request arrived');
    expect(stored).toMatch(ref);
    await page.unroute('**/api/leads');
    await page.reload();
    await fillAndSend();
    await page.waitForURL(/\/consultation-received$/);
    await expect(page.locator('.lead-reference')).toHaveText(stored);
    // Answered: the tab keeps nothing of that send.
    expect(await page.evaluate(() => sessionStorage.getItem('roof_pending_leads'))).toBeNull();
  });

  test('a key the server says was used for another request shows its message with the phone number', async ({ page, server }) => {
    const message = 'This request key was already used for a different request. Please reload the page and send the form again.';
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ ok: false, error: message }) }),
    );
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByLabel('Your name').fill('Refused Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0176');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(message);
    await expect(alert).toBeFocused();
    await expect(alert.getByRole('link', { name: `Call ${site.phone}` })).toBeVisible();
    await expect(form.getByRole('status')).toHaveText(message);
  });

  test('the button is disabled while sending', async ({ page, server }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/leads', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByLabel('Your name').fill('Patient Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0174');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await takeAPersonsTime(page);
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    await page.waitForURL(/\/consultation-received$/);
  });

  test("a Submit tapped before the form's script arrives books like any other, timed from the page's start", async ({
    page,
    server,
  }) => {
    const date = await freeDate(page, server, 5);
    // The form's code arrives late, as over a weak phone signal: the visitor has typed and tapped Submit by then.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunks\/InspectionForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/contact#book-inspection`);
    await takeAPersonsTime(page);
    await fillBooking(page.locator('#book-form'), { name: 'Late Script Visitor', date });
    await page.locator('#book-form').getByRole('button', { name: 'Request my inspection' }).click();
    release();
    await page.waitForURL(/\/appointment-scheduled$/);
    // Not taken for a bot: the booking holds one of the window's places.
    expect(await remaining(page, server, date, 'morning')).toBe(2);
  });

  test('a Submit whose form script never arrives still sends the form, as without JavaScript', async ({ page, server }) => {
    const date = await freeDate(page, server, 6);
    await page.route(/\/assets\/chunks\/InspectionForm-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/contact#book-inspection`);
    await fillBooking(page.locator('#book-form'), { name: 'Lost Script Visitor', date });
    await page.locator('#book-form').getByRole('button', { name: 'Request my inspection' }).click();
    await page.waitForURL(/\/appointment-scheduled$/);
    expect(await remaining(page, server, date, 'morning')).toBe(2);
  });

  test('a full window is refused with the next free windows, and one click books one', async ({ page, server }) => {
    const date = await freeDate(page, server, 2);
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post(`${server.url}/api/leads`, {
        data: {
          kind: 'inspection',
          name: `Earlier Visitor ${i}`,
          phone: `912-555-018${i}`,
          zip: '31405',
          streetAddress: `${i} Drayton St`,
          preferredDate: date,
          preferredWindow: 'morning',
          startedAt: Date.now() - 30_000,
          sentAt: Date.now(),
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto(`${server.url}/contact#book-inspection`);
    const form = page.locator('#book-form');
    await form.getByLabel('Your name').click();
    await waitForHydrated(page, 'InspectionForm');
    await form.getByLabel('Your name').fill('Late Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0175');
    await form.getByLabel('Street address of the property').fill('1 Jones St');
    await form.getByLabel('ZIP code').fill('31401');
    await form.getByLabel('Preferred date').fill(date);
    // The picker already shows the morning as full.
    await expect(form.getByRole('radio', { name: /Morning/ })).toBeDisabled();
    await expect(form.getByText(/12 pm to 4 pm\): 3 left/)).toBeVisible();

    // Send the full window anyway (a second visitor took it meanwhile, as far as this page knows).
    await form.getByRole('radio', { name: /Morning/ }).evaluate((el: HTMLInputElement) => {
      el.disabled = false;
      el.checked = true;
    });
    await takeAPersonsTime(page);
    await form.getByRole('button', { name: 'Request my inspection' }).click();
    const offers = form.getByRole('group', { name: /That window is full/ });
    await expect(offers).toBeFocused();
    await expect(page.locator('#book-preferredWindow-error')).toContainText('fully booked');
    await offers.getByRole('button').first().click();
    await page.waitForURL(/\/appointment-scheduled$/);
    await expect(page.locator('.lead-summary')).toContainText('Afternoon');
    expect(await remaining(page, server, date, 'afternoon')).toBe(2);
  });
});

test.describe('the data layer the marketing agency reads', () => {
  test('form_start fires once, generate_lead carries the service, ZIP and hashed user data, and the lead its gbraid', async ({
    page,
    server,
  }) => {
    await recordDataLayer(page);
    // What the server injects while a container is set, without loading Google's script.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const tag = document.createElement('script');
        tag.type = 'text/plain';
        tag.dataset.container = 'GTM-TEST123';
        document.head.append(tag);
      }),
    );
    await page.goto(`${server.url}/contact?gbraid=0AAAAbTest#consultation`);
    await waitForEntry(page);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').fill('Layer Visitor');
    await waitForHydrated(page, 'ConsultationForm');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('(912) 555-0186');
    await form.getByRole('textbox', { name: /^Email/ }).fill('  Layer.Visitor@Example.com ');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await form.getByLabel('Service').selectOption('Roof Repair');
    await takeAPersonsTime(page);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Request my free consultation' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ gbraid: '0AAAAbTest' });
    await page.waitForURL(/\/consultation-received$/);

    const all = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('test-data-layer') ?? '[]') as Record<string, unknown>[],
    );
    expect(all.filter((e) => e.event === 'form_start')).toEqual([
      { event: 'form_start', form_id: 'consultation-form', lead_kind: 'consultation' },
    ]);
    const [lead] = all.filter((e) => e.event === 'generate_lead');
    const sha256 = async (text: string) =>
      page.evaluate(async (t) => {
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(t));
        return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
      }, text);
    expect(lead).toMatchObject({
      form_id: 'consultation-form',
      service: 'Roof Repair',
      zip: '31405',
      user_data: {
        sha256_email_address: await sha256('layer.visitor@example.com'),
        sha256_phone_number: await sha256('+19125550186'),
      },
    });
    // Nothing unhashed about the visitor reaches the data layer.
    expect(JSON.stringify(all)).not.toMatch(/layer\.visitor|555-0186|5550186/i);
  });
});

test.describe('in the booking popup on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a day with no window left offers the next free windows as buttons, and one tap books one', async ({ page, server }) => {
    const date = await freeDate(page, server, 7);
    for (const [i, window] of ['morning', 'morning', 'morning', 'afternoon', 'afternoon', 'afternoon'].entries()) {
      const res = await page.request.post(`${server.url}/api/leads`, {
        data: {
          kind: 'inspection',
          name: `Earlier Visitor ${i}`,
          phone: `912-555-019${i}`,
          zip: '31405',
          streetAddress: `${i} Abercorn St`,
          preferredDate: date,
          preferredWindow: window,
          startedAt: Date.now() - 30_000,
          sentAt: Date.now(),
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto(`${server.url}/`);
    await waitForEntry(page);
    await page.locator('.mobile-bar').getByRole('link', { name: 'Book Now' }).click();
    const form = page.locator('dialog[open] #popup-form');
    await form.getByLabel('Your name').fill('Full Day Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0177');
    await form.getByLabel('Street address of the property').fill('4 Oglethorpe Ave');
    await form.getByLabel('ZIP code').fill('31401');
    await form.getByLabel('Preferred date').fill(date);
    await expect(form.getByRole('radio', { name: /Morning/ })).toBeDisabled();
    await expect(form.getByRole('radio', { name: /Afternoon/ })).toBeDisabled();
    const offers = form.getByRole('group', { name: /next free windows/ });
    await expect(offers.getByRole('button')).toHaveCount(3);
    const first = offers.getByRole('button').first();
    const label = (await first.textContent())!;
    await takeAPersonsTime(page);
    await first.click();
    await page.waitForURL(/\/appointment-scheduled$/);
    const window = /morning$/.test(label) ? 'Morning' : 'Afternoon';
    await expect(page.locator('.lead-summary')).toContainText(window);
    await expect(page.locator('.lead-summary')).toContainText(label.replace(/^Book /, '').replace(/, (morning|afternoon)$/, ''));
    // The confirmation invites no second booking: the calendar file and the phone instead.
    await expect(page.getByRole('link', { name: /^Book/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add to my calendar (.ics)' })).toBeVisible();
    await expect(page.locator('.lead-summary a[href^="tel:"]')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the consultation form posts by keyboard and lands on the confirmation', async ({ page, server }) => {
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').focus();
    await page.keyboard.type('Plain Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type('912-555-0176');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('ZIP code of the property')).toBeFocused();
    await page.keyboard.type('30301');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/consultation-received$/);
    await expect(page.locator('.lead-reference')).toHaveText(ref);
    // Atlanta is beyond 75 miles: the lead is kept and the visitor told the office will call.
    await expect(page.locator('.lead-area-note')).toContainText('the office will call you');
  });

  test('the booking form posts by mouse; the confirmation shows the booking and its .ics', async ({ page, server }) => {
    const date = await freeDate(page, server, 3);
    await page.goto(`${server.url}/contact#book-inspection`);
    const form = page.locator('#book-form');
    await form.getByLabel('Your name').click();
    await fillBooking(form, { name: 'Plain Mouse', date, street: '22 Gaston St', property: 'Church' });
    await form.getByRole('button', { name: 'Request my inspection' }).click();

    await page.waitForURL(/\/appointment-scheduled$/);
    const summary = page.locator('.lead-summary');
    await expect(summary).toContainText('Morning, 8 am to 12 pm');
    await expect(summary).toContainText('22 Gaston St, 31401');
    expect(await remaining(page, server, date, 'morning')).toBe(2);
    const href = await page.getByRole('link', { name: 'Add to my calendar (.ics)' }).getAttribute('href');
    const ics = await page.request.get(`${server.url}${href}`);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers()['content-disposition']).toMatch(/^attachment; filename="roof-inspection-/);
    expect(await ics.text()).toContain(`DTSTART:${date.replace(/-/g, '')}T1`);
  });

  test('/report-issue takes a report with the page prefilled', async ({ page, server }) => {
    await page.goto(`${server.url}/report-issue?page=%2Fgallery`);
    const form = page.locator('#report-form');
    await expect(form.getByLabel('Page address')).toHaveValue('/gallery');
    await form.getByLabel('What happened?').fill('Two photos do not load.');
    await form.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByText('Thank you: your report reached us.')).toBeVisible();
  });
});

test.describe("with the site's scripts blocked", () => {
  test('a bad post comes back with values kept and errors at the fields, passing axe', async ({ page, server }) => {
    // The site's scripts are blocked rather than JavaScript switched off, so axe can still run in the page.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto(`${server.url}/contact#consultation`);
    const form = page.locator('#consultation-form');
    await form.getByLabel('Your name').fill('Typo Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('555-0178');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await form.getByLabel('Anything we should know?').fill('Keep this text');
    await form.getByRole('button', { name: 'Request my free consultation' }).click();

    await expect(page).toHaveTitle(/^Not sent yet, please check the form/);
    const again = page.locator('#consultation-form');
    await expect(again.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(again.getByRole('textbox', { name: /^Phone/ })).toBeFocused();
    await expect(page.locator('#consultation-phone-error')).toHaveText(/10-digit US phone number/);
    await expect(again.getByLabel('Your name')).toHaveValue('Typo Visitor');
    await expect(again.getByLabel('Anything we should know?')).toHaveValue('Keep this text');
    await expect(again.locator('.form-summary')).toContainText('Phone');
    await expectNoAxeViolations(page, 'contact page with a refused post');

    await again.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0178');
    // The page came back with a start time, so the next send is timed like any other.
    await takeAPersonsTime(page);
    await again.getByRole('button', { name: 'Request my free consultation' }).click();
    await page.waitForURL(/\/consultation-received$/);
  });
});

test('@mobile the booking popup books an inspection from the bottom bar', async ({ page, server }) => {
  const date = await freeDate(page, server, 4);
  await page.goto(`${server.url}/`);
  await waitForEntry(page);
  await page.locator('.mobile-bar').getByRole('link', { name: 'Book Now' }).tap();
  const dialog = page.locator('dialog.appointment-dialog');
  await expect(dialog).toBeVisible();
  const form = dialog.locator('#popup-form');
  // Sent empty: the problems come with the phone number in view, and the close button stays in view.
  await form.getByRole('button', { name: 'Request my inspection' }).tap();
  await expect(form.locator('.form-summary')).toBeVisible();
  await expect(form.locator('.form-summary a[href^="tel:"]')).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Close booking form' })).toBeInViewport();
  // Closed and opened again, the popup still holds what was typed.
  await form.getByLabel('Your name').fill('Phone Visitor');
  await dialog.getByRole('button', { name: 'Close booking form' }).tap();
  await expect(dialog).toBeHidden();
  await page.locator('.mobile-bar').getByRole('link', { name: 'Book Now' }).tap();
  await expect(form.getByLabel('Your name')).toHaveValue('Phone Visitor');
  // Back up the form by keyboard: no field is left hidden under the sticky title bar (WCAG 2.4.11).
  await form.getByRole('button', { name: 'Request my inspection' }).focus();
  const covered: string[] = [];
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Shift+Tab');
    const hidden = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const head = document.querySelector('dialog[open] .dialog-head');
      if (!el || !head || head.contains(el) || !el.closest('dialog')) return null;
      return el.getBoundingClientRect().bottom <= head.getBoundingClientRect().bottom ? `${el.tagName}#${el.id}` : null;
    });
    if (hidden) covered.push(hidden);
  }
  expect(covered).toEqual([]);
  await form.getByRole('textbox', { name: /^Phone/ }).fill('912-555-0179');
  await form.getByLabel('Street address of the property').fill('3 Abercorn St');
  await form.getByLabel('ZIP code').fill('31401');
  await form.getByLabel('Preferred date').fill(date);
  await form.getByRole('radio', { name: /Morning/ }).check();
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Request my inspection' }).tap();
  await page.waitForURL(/\/appointment-scheduled$/);
  await expect(page.locator('.lead-summary')).toContainText('3 Abercorn St, 31401');
  expect(await remaining(page, server, date, 'morning')).toBe(2);
  await expectNoAxeViolations(page, 'appointment-scheduled with a booking');
});

test('@mobile the report form works with JavaScript and thanks the visitor', async ({ page, server }) => {
  await page.goto(`${server.url}/report-issue`);
  const form = page.locator('#report-form');
  await form.getByLabel('What happened?').tap();
  await waitForHydrated(page, 'ReportIssueForm');
  await form.getByRole('button', { name: 'Send the report' }).tap();
  await expect(form.getByLabel('What happened?')).toBeFocused();
  await expect(page.locator('#report-message-error')).toHaveText(/Tell us what happened/);
  await form.getByLabel('What happened?').fill('The menu covers the form on my phone.');
  // The connection drops: the report may have arrived, so the form does not say it was not sent.
  await page.route('**/api/report-issue', (route) => route.abort('connectionreset'), { times: 1 });
  await form.getByRole('button', { name: 'Send the report' }).tap();
  await expect(form.getByRole('alert')).toContainText('we cannot tell whether your report arrived. Please send it again.');
  await form.getByRole('button', { name: 'Send the report' }).tap();
  await expect(page.locator('.form-thanks')).toBeFocused();
  await expect(page.locator('.form-thanks')).toContainText('Thank you: your report reached us.');
});
