// The request log in the webhook workbench: every request the tab's sandbox served, from the
// console or a terminal, as a table; a row opens its request and response, and replays in the
// console, which names the request it replays and sends its Idempotency-Key again or a new one.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeShared } from '@/lib/console/share';
import { SHARE_PARAM } from '@/lib/routes';
import { answerField, axeViolations, send } from './console-support';
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
  it('lists the console’s and the terminal’s requests, and opens one by keyboard', async () => {
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
    await page.context().close();
  });

  it('replays a request as a replay of it: a new key runs it again, its own key answers the stored response', async () => {
    const page = await open('/webhooks#webhook-workbench', {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const workbench = await workbenchWithCharge(page);
    const log = workbench.getByRole('region', { name: 'Request log' });
    const table = log.getByRole('table');
    const charged = rows(table).filter({ hasText: 'POST' });
    await expect.poll(() => charged.count()).toBe(1);
    const loggedId = (await charged.locator('code').textContent())!;
    const token = await tokenOf(workbench);
    const logged = await fetch(`${baseUrl}/sandbox/requests/${loggedId}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((response) => response.json());
    const loggedKey: string = logged.request.headers['idempotency-key'];
    const chargeId: string = JSON.parse(logged.response.body).id;
    expect(loggedKey).toMatch(/^[0-9a-f-]{36}$/);

    await charged.getByRole('button').hover();
    await charged.getByRole('button').click();
    const replay = log.getByRole('button', { name: 'Replay in console' });
    await replay.hover();
    await replay.click();
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    expect(await dialog.getByLabel(/^amount/).inputValue()).toBe('12500');

    // It says which request it replays; by default it sends a new key, and so charges again.
    const choice = dialog.getByRole('group', { name: `Replay of request ${loggedId}` });
    const newKey = choice.getByRole('radio', { name: /^Send a new Idempotency-Key/ });
    const ownKey = choice.getByRole('radio', { name: /^Send its Idempotency-Key/ });
    expect(await newKey.isChecked()).toBe(true);
    const keyField = dialog.getByLabel(/^Idempotency-Key/);
    expect(await keyField.inputValue()).not.toBe(loggedKey);
    expect(await send(dialog)).toBe('201 Created');
    const again = await answerField(dialog, 'id');
    expect(again).not.toBe(chargeId);
    const flag = dialog.locator('[data-slot="console-status"] [data-slot="console-flag"]');
    expect(await flag.count()).toBe(0);

    // Its own key, chosen from the keyboard: the sandbox answers the stored response, marked so.
    await newKey.focus();
    await page.keyboard.press('ArrowDown');
    expect(await ownKey.isChecked()).toBe(true);
    expect(await keyField.inputValue()).toBe(loggedKey);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => flag.textContent()).toBe('Replayed');
    expect(await answerField(dialog, 'id')).toBe(chargeId);
    // Sending again replays again: the choice stays, with the key.
    expect(await ownKey.isChecked()).toBe(true);
    expect(await keyField.inputValue()).toBe(loggedKey);
    await expect.poll(() => charged.count()).toBe(3);

    // A link shared from it carries the request, never the key.
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.href).not.toContain(loggedKey);
    const shared = decodeShared(link.searchParams.get(SHARE_PARAM)!);
    expect(shared?.operation).toBe(logged.operation_id);
    expect(Object.keys(shared?.headers ?? {})).not.toContain('Idempotency-Key');
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
