import { expect, type Page } from '@playwright/test';
import { financingTerms, roofPriceBook } from '../../components/estimator-data.ts';
import { monthlyPayment, usdCents } from '../../lib/payment.ts';
import { estimateRoofCost, usdRange } from '../../lib/roof-estimate.ts';
import { telHref } from '../../lib/site-facts.ts';
import { office } from '../../content/site.ts';
import { test } from './lead-server.ts';
import { baseUrl, expectNoAxeViolations, waitForHydrated } from './helpers.ts';

/**
 * The /savannah-roof-cost and
 * /financing estimators by keyboard, their tables without JavaScript, and the
 * roof estimate carried into a stored consultation request.
 */

const PRICES = roofPriceBook();
const TERMS = financingTerms();

/** Where the estimator's box and what follows it sit: equal before and after a new result means nothing moved. */
async function layoutOf(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const next = (el.closest('[data-island]') ?? el).nextElementSibling!.getBoundingClientRect();
    return [box.height, next.top - box.top];
  });
}

/** The rendered height of an element, to fractions of a pixel. */
async function heightOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => el.getBoundingClientRect().height);
}

/** Records layout shifts in the estimator's result box from now on; the returned function lists what moved. */
async function watchResultShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const moved: string[] = [];
    (window as unknown as { moved: string[] }).moved = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources: { node?: Node }[] }[]) {
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element?.closest('.estimator-result')) moved.push(`${element.tagName}.${element.className}`);
        }
      }
    }).observe({ type: 'layout-shift' });
  });
  return () => page.evaluate(() => (window as unknown as { moved: string[] }).moved);
}

/** Focuses a field, which wakes the island, and checks React took over the server's markup without a mismatch. */
async function focusAndWake(page: Page, label: string | RegExp, island: string): Promise<void> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Minified React error|hydrat/i.test(message.text())) errors.push(message.text());
  });
  await page.getByLabel(label).focus();
  await waitForHydrated(page, island);
  expect(errors).toEqual([]);
}

test.describe('the roof cost estimator', () => {
  test('works by keyboard, shows its basis, and gives the range the table gives', async ({ page }) => {
    await page.goto(`${baseUrl()}/savannah-roof-cost`);
    const result = page.getByTestId('roof-range');
    const before = await layoutOf(page, '.estimator');
    await focusAndWake(page, 'Roof footprint in square feet', 'RoofCostEstimator');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2500');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: /^Walkable/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: /^Steep/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Stories')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Stories')).toHaveValue('2');

    const cell = page.locator('#roof-cost-table tr[data-footprint="2500"][data-pitch="steep"] td[data-material="architectural"]');
    const expected = estimateRoofCost(
      { sizeBasis: 'footprint', sizeSqFt: 2500, pitch: 'steep', stories: 2, material: 'architectural', layers: 1 },
      PRICES,
    ).cost!;
    await expect(result).toHaveText(usdRange(expected));
    await expect(cell).toHaveText(usdRange(expected));
    await expect(page.locator('.estimator-basis')).toContainText(`from ${expected.basis}`);
    await expect(page.locator('.estimator-basis')).toContainText(/20\d\d/);
    await expect(page.getByText('Ballpark only, not a quote.')).toBeVisible();
    await expect(page.locator('.estimator-noscript')).toBeHidden();
    await expect(page.locator('.estimator-notes')).toContainText('the range leaves that out');
    // Announced politely once typing settles.
    await expect(page.locator('.estimator [role="status"]')).toHaveText(/Ballpark estimate: \$[\d,]+ to \$[\d,]+/);

    // "Not sure yet" has no range narrow enough to budget by, and the page asks for a material.
    await page.getByLabel('Material').focus();
    await page.getByLabel('Material').selectOption('any');
    await expect(result).toHaveText('Not priced');
    await expect(page.locator('.estimator-notes')).toContainText('Choose a material to see a range');
    expect(await layoutOf(page, '.estimator')).toEqual(before);

    await page.getByLabel('Material').selectOption('architectural');
    const handoff = page.getByRole('link', { name: 'Send this estimate with a free consultation request' });
    await expect(handoff).toHaveCount(1);
    const resultHeight = await heightOf(page, '.estimator-result');
    const moved = await watchResultShifts(page);
    await page.getByLabel('Roof footprint in square feet').fill('5');
    await expect(page.locator('#roof-size-error')).toHaveText(/from 200 to 20,000 square feet/);
    await expect(page.getByLabel('Roof footprint in square feet')).toHaveAttribute('aria-describedby', /roof-size-error/);
    await expect(page.locator('#roof-size-error + .estimator-call')).toHaveText(`Or call ${office.phone}.`);
    await expect(page.locator('.estimator').getByRole('link', { name: office.phone })).toHaveAttribute(
      'href',
      telHref(office.phone),
    );
    // No range for a size it refused, and no estimate to hand over; the result's box stays put.
    await expect(result).toHaveText('Fix the size above to see a range.');
    await expect(handoff).toHaveCount(0);
    expect(await heightOf(page, '.estimator-result')).toBe(resultHeight);
    expect(await moved()).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('hands its estimate to the consultation form, and the stored request carries it', async ({ page, server }) => {
    await page.goto(`${server.url}/savannah-roof-cost`);
    await focusAndWake(page, 'Roof footprint in square feet', 'RoofCostEstimator');
    await page.getByLabel('Roof footprint in square feet').fill('1800');
    await page.getByLabel('Material').selectOption('concrete-tile');
    const range = usdRange(
      estimateRoofCost(
        { sizeBasis: 'footprint', sizeSqFt: 1800, pitch: 'walkable', stories: 1, material: 'concrete-tile', layers: 1 },
        PRICES,
      ).cost!,
    );
    await expect(page.getByTestId('roof-range')).toHaveText(range);
    const link = page.getByRole('link', { name: 'Send this estimate with a free consultation request' });
    await link.focus();
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/contact\?estimate=.*#consultation$/);
    await waitForHydrated(page, 'ConsultationForm');
    const form = page.locator('#consultation-form');
    const handoff = form.getByRole('group', { name: 'Your roof estimate goes with this request' });
    await expect(handoff).toContainText(range);
    await expect(handoff).toContainText('Concrete tile');
    // At the top of the form, on the screen the visitor lands on, with the service it is about filled in.
    await expect(handoff).toBeInViewport();
    expect((await handoff.boundingBox())!.y).toBeLessThan((await form.getByLabel('Your name').boundingBox())!.y);
    await expect(form.getByLabel('Service')).toHaveValue('Roof Replacement');
    await form.getByLabel('Your name').fill('Estimate Visitor');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('(912) 555-0181');
    await form.getByLabel('ZIP code of the property').fill('31405');
    await expectNoAxeViolations(page);
    // A person's time: a form sent within two seconds is taken for a bot.
    await page.waitForTimeout(2_100);
    await form.getByRole('button', { name: 'Request my free consultation' }).click();

    await page.waitForURL(/\/consultation-received$/);
    await expect(page.locator('.lead-estimate')).toContainText(range);
    await expect(page.locator('.lead-estimate')).toContainText('Concrete tile');
  });

  test('the consultation form can drop a handed-over estimate', async ({ page }) => {
    const estimate = {
      sizeBasis: 'living',
      sizeSqFt: 2400,
      pitch: 'low',
      stories: 2,
      material: 'flat',
      layers: 1,
      low: 4800,
      high: 7400,
      basis: 'x',
    };
    await page.goto(`${baseUrl()}/contact?estimate=${encodeURIComponent(JSON.stringify(estimate))}#consultation`);
    await waitForHydrated(page, 'ConsultationForm');
    const form = page.locator('#consultation-form');
    await expect(form.locator('input[name="estimate"]')).toHaveCount(1);
    await form.getByRole('button', { name: 'Remove the estimate' }).click();
    await expect(form.locator('input[name="estimate"]')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Request my free consultation' })).toBeFocused();
  });
});

test.describe('the payment estimator', () => {
  test("a rate typed before the estimator's code arrives chooses Another APR once it does", async ({ page }) => {
    // Hold the island's code back, as a slow phone would, while the visitor types a rate.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunks\/PaymentEstimator-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/financing`);
    await page.getByLabel('APR in percent, if another').focus();
    await page.keyboard.type('6');
    release();
    await waitForHydrated(page, 'PaymentEstimator');
    await expect(page.getByRole('radio', { name: 'Another APR' })).toBeChecked();
    const months = TERMS.months[0]!;
    const expected = monthlyPayment({ amount: 10_000, aprPercent: 6, months });
    await expect(page.getByTestId('monthly-payment')).toHaveText(`${usdCents(expected.monthly)} a month`);
  });

  test('works by keyboard with 0% and another APR, and shows its terms as placeholders', async ({ page }) => {
    await page.goto(`${baseUrl()}/financing`);
    const before = await layoutOf(page, '.estimator');
    await expect(page.locator('.estimator-placeholder')).toContainText('Placeholder terms.');
    await expect(page.locator('.estimator-noscript')).toBeHidden();
    await focusAndWake(page, 'Amount to finance, in dollars', 'PaymentEstimator');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('12000');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^Term/)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const months = TERMS.months[1]!;
    await expect(page.getByLabel(/^Term/)).toHaveValue(String(months));
    const monthly = page.getByTestId('monthly-payment');
    await expect(monthly).toHaveText(`${usdCents(monthlyPayment({ amount: 12_000, aprPercent: 0, months }).monthly)} a month`);
    await expect(page.getByTestId('total-repaid')).toHaveText('$12,000.00');

    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: '0% APR' })).toBeFocused();
    // Tabbing into the APR box changes nothing (WCAG 3.2.2).
    const apr = page.getByLabel('APR in percent, if another');
    const aprError = page.locator('#pay-aprPercent-error');
    await page.keyboard.press('Tab');
    await expect(apr).toBeFocused();
    await expect(page.getByRole('radio', { name: '0% APR' })).toBeChecked();
    await expect(aprError).toHaveCount(0);
    await expect(monthly).toHaveText(`${usdCents(monthlyPayment({ amount: 12_000, aprPercent: 0, months }).monthly)} a month`);
    // Another APR waits for a rate, and asks for it only once its box is left empty.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Another APR' })).toBeChecked();
    await expect(monthly).toHaveText('Enter the APR above to see a payment.');
    await page.keyboard.press('Tab');
    await expect(apr).toBeFocused();
    await expect(aprError).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(aprError).toHaveText('Enter an APR from 0 to 36 percent.');
    await expect(page.locator('#pay-aprPercent-error + .estimator-call')).toHaveText(`Or call ${office.phone}.`);
    await expect(page.locator('.estimator').getByRole('link', { name: office.phone })).toHaveAttribute(
      'href',
      telHref(office.phone),
    );
    // Typing a rate is what chooses Another APR.
    await page.getByRole('radio', { name: '0% APR' }).check();
    await expect(aprError).toHaveCount(0);
    await apr.focus();
    await page.keyboard.type('6');
    await expect(page.getByRole('radio', { name: 'Another APR' })).toBeChecked();
    const withInterest = monthlyPayment({ amount: 12_000, aprPercent: 6, months });
    await expect(monthly).toHaveText(`${usdCents(withInterest.monthly)} a month`);
    await expect(page.getByTestId('total-repaid')).toHaveText(usdCents(withInterest.total));
    await expect(page.locator('.estimator [role="status"]')).toHaveText(
      `Estimated payment: ${usdCents(withInterest.monthly)} a month for ${months} months.`,
    );
    expect(await layoutOf(page, '.estimator')).toEqual(before);

    const resultHeight = await heightOf(page, '.estimator-result');
    const moved = await watchResultShifts(page);
    await page.keyboard.type('0');
    await expect(aprError).toHaveText('Enter an APR from 0 to 36 percent.');
    // No payment for a rate it refused; the result's box stays put.
    await expect(monthly).toHaveText('Fix the APR above to see a payment.');
    await expect(page.getByTestId('total-repaid')).toHaveCount(0);
    expect(await heightOf(page, '.estimator-result')).toBe(resultHeight);
    expect(await moved()).toEqual([]);
    await expectNoAxeViolations(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both pages show their ranges as tables, worked out by the estimators’ own functions', async ({ page }) => {
    await page.goto(`${baseUrl()}/savannah-roof-cost`);
    // A form that would never answer is not shown; a line sends the visitor to the table.
    await expect(page.getByLabel('Roof footprint in square feet')).toBeHidden();
    await expect(page.getByTestId('roof-range')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Send this estimate with a free consultation request' })).toBeHidden();
    const roofLine = page.locator('.estimator-noscript');
    await expect(roofLine).toHaveText('The calculator needs JavaScript; the table below gives the same ranges.');
    await roofLine.getByRole('link', { name: 'the table below' }).click();
    await expect(page).toHaveURL(/#roof-cost-table$/);
    const table = page.locator('#roof-cost-table');
    await expect(table).toBeVisible();
    for (const [footprint, pitch, material] of [
      [1000, 'low', 'flat'],
      [2000, 'walkable', 'architectural'],
      [3000, 'steep', 'concrete-tile'],
      [1500, 'steep', 'metal'],
      [2500, 'walkable', 'three-tab'],
    ] as const) {
      const { cost } = estimateRoofCost(
        { sizeBasis: 'footprint', sizeSqFt: footprint, pitch, stories: 1, material, layers: 1 },
        PRICES,
      );
      await expect(
        table.locator(`tr[data-footprint="${footprint}"][data-pitch="${pitch}"] td[data-material="${material}"]`),
      ).toHaveText(usdRange(cost!));
    }
    await expect(page.locator('.estimator-table')).not.toContainText('Not priced:');

    await page.goto(`${baseUrl()}/financing`);
    await expect(page.getByLabel('Amount to finance, in dollars')).toBeHidden();
    await expect(page.getByTestId('monthly-payment')).toBeHidden();
    await expect(page.locator('.estimator-noscript')).toBeVisible();
    await expect(page.locator('.estimator-noscript').getByRole('link')).toHaveAttribute('href', '#payment-table');
    const payments = page.locator('#payment-table');
    await expect(payments).toBeVisible();
    await expect(payments.locator(`tr[data-amount="10000"] td[data-months="${TERMS.months[0]}"]`)).toHaveText(
      usdCents(monthlyPayment({ amount: 10_000, aprPercent: 0, months: TERMS.months[0]! }).monthly),
    );
    await expect(page.locator('caption')).toContainText('(placeholder terms)');
  });
});

test.describe('@mobile at 360px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('@mobile both estimators fit the screen and update as the visitor types', async ({ page }) => {
    for (const [path, label, island, value, result] of [
      ['/savannah-roof-cost', 'Roof footprint in square feet', 'RoofCostEstimator', '1500', 'roof-range'],
      ['/financing', 'Amount to finance, in dollars', 'PaymentEstimator', '6000', 'monthly-payment'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByLabel(label).tap();
      await waitForHydrated(page, island);
      const shown = await page.getByTestId(result).textContent();
      await page.getByLabel(label).fill(value);
      await expect(page.getByTestId(result)).not.toHaveText(shown!);
      // A refused input swaps the figure for a line in the same space, so nothing under the result moves.
      const height = await heightOf(page, '.estimator-result');
      await page.getByLabel(label).fill('50');
      await expect(page.getByTestId(result)).toHaveText(/^Fix the (size|amount) above/);
      expect(await heightOf(page, '.estimator-result')).toBe(height);
      await page.getByLabel(label).fill(value);
      await expect(page.getByTestId(result)).not.toHaveText(/^Fix/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      if (island === 'RoofCostEstimator') {
        await page.getByRole('link', { name: 'Send this estimate with a free consultation request' }).tap();
        await waitForHydrated(page, 'ConsultationForm');
        const handoff = page.getByRole('group', { name: 'Your roof estimate goes with this request' });
        await expect(handoff).toContainText('1,500 sq ft');
        // No wider than the form it sits in (the contact page's own width at 360px is another matter).
        const [box, form] = await handoff.evaluate((el) => [
          el.getBoundingClientRect().right,
          el.closest('form')!.getBoundingClientRect().right,
        ]);
        expect(box).toBeLessThanOrEqual(form!);
      }
    }
  });
});
