// The request log in the webhook workbench: every request the tab's sandbox served, from the
// console or a terminal, as a table; a row opens its request and response, and replays in the console.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, send } from './console-support';
import { baseUrl, setupBrowser } from './browser';

const { open } = setupBrowser();

/** The workbench with a token, and the charge its "Create a charge" button sent. */
async function workbenchWithCharge(page: Page) {
  const workbench = page.locator('[data-slot="workbench"]');
  await workbench.scrollIntoViewIfNeeded();
  await workbench.getByRole('button', { name: 'Get a token' }).click();
  await workbench.getByRole('button', { name: 'Create a charge' }).click();
  return workbench;
}

/** The token as the token bar shows it once revealed. */
async function tokenOf(workbench: Locator): Promise<string> {
  const reveal = workbench.getByRole('button', { name: 'Show token' });
  if (await reveal.count()) await reveal.click();
  const token = workbench.locator('[data-slot="token"]');
  await expect.poll(() => token.textContent()).toMatch(/^kp_at_[0-9a-f]{32}$/);
  return (await token.textContent())!;
}

const rows = (log: Locator) => log.locator('tbody tr');

describe('the request log', () => {
  it('lists the console’s and the terminal’s requests, opens one by keyboard and replays it', async () => {
    const page = await open('/webhooks#webhook-workbench');
    const workbench = await workbenchWithCharge(page);
    const log = workbench.getByRole('region', { name: 'Request log' });
    const table = log.getByRole('table');
    await expect.poll(() => rows(table).first().textContent()).toMatch(/POSTOpen \/v1\/charges201/);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Time', 'Method', 'Path', 'Status', 'Request ID', 'Duration']);
    expect(await rows(table).first().textContent()).toMatch(/req_\w+\d* ms$/);

    // A request from a terminal with the same token shows up too.
    const token = await tokenOf(workbench);
    const terminal = await fetch(`${baseUrl}/sandbox/v1/charges?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const terminalId = terminal.headers.get('kestrel-request-id')!;
    await expect.poll(() => rows(table).first().textContent()).toContain(terminalId);

    // Opening a row, from the keyboard, shows its request and response.
    const charge = rows(table).filter({ hasText: 'POST' }).getByRole('button');
    await charge.focus();
    await page.keyboard.press('Enter');
    expect(await charge.getAttribute('aria-expanded')).toBe('true');
    const entry = log.locator('[data-slot="request-log-entry"]');
    await entry.getByRole('heading', { name: 'Response' }).waitFor();
    expect(await entry.getByRole('list', { name: 'Response body' }).textContent()).toContain(
      'object: "charge"',
    );
    const requestSide = entry.locator('[data-slot="request-log-message"]').first();
    await requestSide.getByText(/^Headers/).click();
    const authorization = requestSide.locator('dt', { hasText: /^authorization$/ }).locator('+ dd');
    expect(await authorization.textContent()).toMatch(/^Bearer kp_at_\w+…\w{4}$/);
    expect(await entry.textContent()).not.toContain(token);

    // Replay opens the console with the request filled in; sending it logs a new row.
    await entry.getByRole('button', { name: 'Replay in console' }).click();
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    expect(await dialog.getByLabel(/^amount/).inputValue()).toBe('12500');
    expect(await send(dialog)).toMatch(/^201/);
    await expect.poll(() => rows(table).filter({ hasText: 'POST' }).count()).toBe(2);
    await page.context().close();
  });

  it.each([
    ['light', 1280],
    ['dark', 375],
  ] as const)('passes axe with an entry open, %s at %i px', async (colorScheme, width) => {
    const page = await open('/webhooks#webhook-workbench', {
      colorScheme,
      viewport: { width, height: 900 },
    });
    const workbench = await workbenchWithCharge(page);
    const log = workbench.getByRole('region', { name: 'Request log' });
    await log.getByRole('button', { name: /Open \/v1\/charges/ }).click();
    await log.getByRole('heading', { name: 'Response' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
