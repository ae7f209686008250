// The Try it console on the reference (issue: the console on every endpoint): a request by form
// and by raw JSON, a validation error explained before sending, objects created then retrieved
// then listed in the tab's sandbox, Copy as and the shareable link, a phone and the keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeShared } from '@/lib/console/share';
import { startSite } from '@/scripts/lib/site-server';
import { answerField, axeViolations, openConsole, send } from './console-support';
import { setupBrowser } from './browser';

const { open } = setupBrowser();
const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

describe('the Try it console', () => {
  it('sends a request built with the form, prefilled from the example', async () => {
    const page = await open('/resources/customers');
    const dialog = await openConsole(page, 'POST /v1/customers');
    expect(await dialog.getByRole('heading', { name: 'Create a customer' }).count()).toBe(1);
    const name = dialog.getByLabel(/^name/);
    expect(await name.inputValue()).toBe('Amelia Hart');
    await name.fill('Noor Haddad');
    expect(await send(dialog)).toBe('201 Created');
    expect(await answerField(dialog, 'name')).toBe('Noor Haddad');
    expect(await answerField(dialog, 'id')).toMatch(/^cus_/);
    // The token was got with the page's sandbox key pair; it is kept for the browser session only.
    expect(await dialog.locator('[data-slot="token"]').textContent()).toMatch(/^kp_at_/);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('kp_at_');
    expect(page.url()).not.toContain('kp_at_');
    await page.context().close();
  });

  it('sends a body written as raw JSON', async () => {
    const page = await open('/resources/customers');
    const dialog = await openConsole(page, 'POST /v1/customers');
    await dialog.getByRole('button', { name: 'JSON', exact: true }).click();
    const json = dialog.getByLabel('Request body (JSON)');
    const body = JSON.parse(await json.inputValue());
    expect(body).toMatchObject({ name: 'Amelia Hart', email: 'amelia.hart@example.com' });
    await json.fill(JSON.stringify({ name: 'Raw Json', email: 'raw@example.com' }));
    expect(await send(dialog)).toBe('201 Created');
    expect(await answerField(dialog, 'email')).toBe('raw@example.com');
    // Back in the form, the fields show what the JSON said.
    await dialog.getByRole('button', { name: 'Form', exact: true }).click();
    expect(await dialog.getByLabel(/^name/).inputValue()).toBe('Raw Json');
    await page.context().close();
  });

  it('explains a request the sandbox would refuse before sending it, as the sandbox does', async () => {
    const page = await open('/resources/charges');
    const dialog = await openConsole(page, 'POST /v1/charges');
    const amount = dialog.getByLabel(/^amount/);
    await amount.fill('');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const problems = dialog.locator('[data-slot="console-problems"]');
    await problems.waitFor();
    expect(await problems.getAttribute('role')).toBe('alert');
    expect(await problems.textContent()).toContain(
      'The sandbox would refuse this request with 400 parameter_missing: The amount parameter is required.',
    );
    expect(
      await problems.getByRole('link', { name: /parameter_missing/ }).getAttribute('href'),
    ).toBe('/errors#parameter_missing');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.locator('[data-slot="console-status"]').count()).toBe(0);
    // Sent anyway, the sandbox answers with the same code, message and parameter.
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
    await dialog.locator('[data-slot="console-status"]').waitFor();
    const error = dialog.locator('[data-slot="console-error"]');
    expect(await dialog.locator('[data-slot="console-status"] strong').textContent()).toBe(
      '400 Bad Request',
    );
    expect(await error.textContent()).toContain('parameter_missing');
    expect(await error.textContent()).toContain('The amount parameter is required.');
    // A typed value of the wrong type is explained with the validator's words.
    await amount.fill('12a');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => problems.textContent())
      .toContain('parameter_invalid: The amount parameter must be a whole number.');
    await page.context().close();
  });

  it('creates an object, then retrieves it and lists it in the same sandbox', async () => {
    const page = await open('/resources/customers');
    let dialog = await openConsole(page, 'POST /v1/customers');
    await dialog.getByLabel(/^email/).fill('listed@example.com');
    expect(await send(dialog)).toBe('201 Created');
    const id = String(await answerField(dialog, 'id'));
    await dialog.getByRole('button', { name: 'Close the console' }).click();

    dialog = await openConsole(page, 'GET /v1/customers/{id}');
    const idField = dialog.getByLabel(/^id/);
    // The IDs the tab's sandbox made are offered in ID fields.
    expect(await dialog.locator(`datalist option[value="${id}"]`).count()).toBe(1);
    await idField.fill(id);
    expect(await send(dialog)).toBe('200 OK');
    expect(await answerField(dialog, 'email')).toBe('listed@example.com');
    await page.keyboard.press('Escape');

    dialog = await openConsole(page, 'GET /v1/customers');
    // The example filters by an email: the one just created.
    await dialog.getByLabel(/^email/).fill('listed@example.com');
    expect(await send(dialog)).toBe('200 OK');
    const listed = await dialog
      .locator('[data-slot="console-body"] [data-slot="json-value"]')
      .allTextContents();
    expect(listed).toContain(JSON.stringify(id));
    await page.context().close();
  });

  it('copies the exact request in the remembered language, and shares it without the token', async () => {
    const page = await open('/resources/customers', clipboard);
    // The reader's language is remembered from the page's code tabs.
    await page
      .locator('[data-slot="code-group"] [role="tab"]', { hasText: 'Python' })
      .first()
      .click();
    const dialog = await openConsole(page, 'POST /v1/customers');
    await dialog.getByLabel(/^name/).fill('Shared Name');
    expect(await send(dialog)).toBe('201 Created');
    const copyAs = dialog.locator('[data-slot="console-copy-as"]');
    expect(await copyAs.getByRole('tab', { selected: true }).textContent()).toBe('Python');
    await copyAs.getByRole('tab', { name: 'cURL' }).click();
    await copyAs.getByRole('button', { name: 'Copy' }).click();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`curl -X POST '${new URL(page.url()).origin}/sandbox/v1/customers'`);
    expect(curl).toContain('-H "Authorization: Bearer $KESTREL_ACCESS_TOKEN"');
    expect(curl).toContain('"name": "Shared Name"');
    expect(curl).not.toContain('kp_at_');

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('?try=');
    expect(link).not.toContain('kp_at_');
    // Opened by someone else, in another browser: the link carries no sandbox.
    const elsewhere = await page.context().browser()!.newContext();
    const shared = await elsewhere.newPage();
    await shared.goto(link);
    const reopened = shared.locator('dialog[data-slot="console"]');
    await reopened.locator('[data-slot="console-form"]').waitFor();
    expect(await reopened.getByLabel(/^name/).inputValue()).toBe('Shared Name');
    expect(await reopened.locator('[data-slot="token"]').count()).toBe(0);
    await reopened.getByRole('button', { name: 'Close the console' }).click();
    expect(shared.url()).not.toContain('try=');
    await elsewhere.close();
    await page.context().close();
  });

  it('fits a 375 px screen and brings the answer into view', async () => {
    const page = await open('/resources/charges', { viewport: { width: 375, height: 740 } });
    const dialog = await openConsole(page, 'POST /v1/charges');
    const width = await dialog.evaluate((node) => [node.clientWidth, node.scrollWidth]);
    expect(width[1]).toBeLessThanOrEqual(375);
    expect(await send(dialog)).toBe('201 Created');
    const top = await dialog
      .locator('[data-slot="console-response"]')
      .evaluate((node) => node.getBoundingClientRect().top);
    expect(top).toBeLessThan(740 / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.context().close();
  });

  it('works by keyboard: opens, edits, sends, closes with Escape and returns focus', async () => {
    const page = await open('/resources/customers');
    const launcher = page.getByRole('button', { name: 'Try it (POST /v1/customers)' });
    await launcher.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    // Focus stays inside the dialog: tab until the name field, whatever comes before it.
    for (let presses = 0; presses < 30; presses += 1) {
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
      expect(inside).toBe(true);
      const label = await page.evaluate(() => document.activeElement?.getAttribute('data-field'));
      if (label === 'name') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard Only');
    await page.keyboard.press('ControlOrMeta+Enter');
    await dialog.locator('[data-slot="console-status"]').waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Response 201/ })
        .count(),
    ).toBe(1);
    expect(await answerField(dialog, 'name')).toBe('Keyboard Only');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await launcher.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it.each(['light', 'dark'] as const)(
    'passes axe open with an answer, in the %s theme',
    async (colorScheme) => {
      const page = await open('/resources/charges', { colorScheme });
      const dialog = await openConsole(page, 'POST /v1/charges');
      await send(dialog);
      await dialog.locator('[data-slot="console-events"] li').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});

describe('the console with odd input', () => {
  it('shows a shared request holding markup as text, and refuses a link it did not make', async () => {
    const name = '<img src=x onerror="window.__ran=1">';
    const shared = encodeShared('createCustomer', {
      path: {},
      query: {},
      headers: {},
      body: { name, email: 'x@example.com' },
    });
    const page = await open(`/resources/customers?try=${shared}`);
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    expect(await dialog.getByLabel(/^name/).inputValue()).toBe(name);
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();

    await page.goto('/resources/customers?try=not-a-request');
    await page
      .getByRole('alert')
      .filter({ hasText: 'This link does not hold a request' })
      .waitFor();
    expect(await page.locator('h1').textContent()).toBe('Customers');
    await page.context().close();
  });
});

describe('the console on a site with the sandbox switched off', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite({ env: { SANDBOX_ENABLED: 'false' } });
  });
  afterAll(() => site?.stop());

  it('says the sandbox is off instead of failing silently', async () => {
    const page = await open(`${site.url}/resources/customers`);
    const dialog = await openConsole(page, 'POST /v1/customers');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The sandbox is switched off on this site.' })
      .first()
      .waitFor();
    await page.context().close();
  });
});
