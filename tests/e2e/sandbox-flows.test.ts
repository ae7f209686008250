// Test scenarios and flows in the browser (issue: Run in sandbox, flows): a decline scenario run
// from the Testing page gets its documented outcome, and the Quickstart's flow runs to the end
// with IDs carried from step to step and the events of each step.
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const { open } = setupBrowser();

describe('Run in sandbox', () => {
  it('runs a decline scenario from the Testing page and sets it beside the documented outcome', async () => {
    const page = await open('/testing#saved-card-do-not-honour');
    await page
      .locator('#saved-card-do-not-honour')
      .getByRole('button', { name: /^Run in sandbox/ })
      .click();
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    expect(await dialog.getByLabel(/^tokenised_card_id/).inputValue()).toBe(
      'tc_test_do_not_honour',
    );
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const check = dialog.locator('[data-slot="console-scenario-check"]');
    await check.waitFor();
    const rows = check.locator('li');
    await expect
      .poll(() => rows.evaluateAll((items) => items.map((li) => li.dataset.match)))
      .toEqual(['true', 'true', 'true']);
    expect(await rows.allTextContents()).toEqual([
      'status failed: as documented',
      'failure code do_not_honour: as documented',
      'events charge.failed: as documented',
    ]);
    await page.context().close();
  });

  it('makes a fresh object for a scenario that acts on one: an authorisation to capture', async () => {
    const page = await open('/testing#capture-authorisation');
    await page
      .locator('#capture-authorisation')
      .getByRole('button', { name: /^Run in sandbox/ })
      .click();
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.locator('[data-slot="console-scenario-check"]').waitFor();
    expect(await dialog.locator('[data-slot="console-status"] strong').textContent()).toBe(
      '200 OK',
    );
    const id = await dialog.getByLabel(/^id/).inputValue();
    expect(await dialog.locator('[data-slot="console-response"]').textContent()).toContain(
      `Prepared with POST /sandbox/v1/charges: 201`,
    );
    expect(id).toMatch(/^ch_/);
    await page.context().close();
  });
});

describe('the Quickstart flow', () => {
  it('runs every step to the end, carrying IDs and showing each step’s events', async () => {
    const page = await open('/#quickstart');
    // The island's own button, enabled once it has replaced its placeholder.
    await page.getByRole('button', { name: 'Run the flow', disabled: false }).click();
    const flow = page.locator('[data-island="sandbox-flow"] [data-slot="flow"]').last();
    await flow.getByText(/^All 6 steps ran\.$/).waitFor({ timeout: 30_000 });
    const steps = flow.locator('[data-slot="flow-step"]');
    expect(await steps.evaluateAll((items) => items.map((li) => li.dataset.state))).toEqual(
      Array(6).fill('done'),
    );
    const booking = steps.nth(2);
    expect(await booking.locator('[data-slot="flow-carried"]').textContent()).toMatch(
      /body\.customer_id ← customer\.id = cus_\w+/,
    );
    const payment = steps.nth(4);
    await expect
      .poll(() => payment.locator('[data-slot="flow-events"] code').allTextContents())
      .toEqual(expect.arrayContaining(['charge.succeeded', 'payment_link.paid']));
    await page.context().close();
  });
});
