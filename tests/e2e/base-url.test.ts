// One base URL story: every sample and "Copy as" is written for the server the reader chose (this
// site's sandbox unless they pick another), the choice is remembered across reloads, and a copy
// made after a send carries a new Idempotency-Key, so running it makes a new object.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';
import { openConsole, send } from './console-support';

const { open } = setupBrowser();
const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The base URLs every code sample of the page calls, visible or in another tab. */
const basesOnPage = (page: Page) =>
  page.evaluate(() => {
    const urls = Array.from(document.querySelectorAll('[data-slot="article-body"] pre code'))
      .filter((code) => !code.closest('[data-server]'))
      .flatMap((code) => code.textContent?.match(/https?:\/\/[^\s'"`]+?(?=\/v1\/)/g) ?? []);
    return [...new Set(urls)];
  });

const frames = (page: Page) =>
  page.locator('[data-slot="article-body"] [data-slot="server-choice"]');
/** The Server menus made so far: a frame's is made as it nears the screen. */
const choices = (page: Page) => frames(page).locator('select');

describe('the server of code samples', () => {
  it("defaults to this site's sandbox, switches every sample to Production, and remembers it", async () => {
    const page = await open('/resources/charges');
    const origin = new URL(page.url()).origin;
    await expect.poll(() => basesOnPage(page)).toEqual([`${origin}/sandbox`]);
    const count = await frames(page).count();
    expect(count).toBeGreaterThan(3);
    // The page carries no form control until a frame nears the screen.
    expect(await choices(page).count()).toBeLessThan(count);

    await frames(page).nth(2).scrollIntoViewIfNeeded();
    await frames(page).nth(2).locator('select').selectOption({ label: 'Production' });
    await expect.poll(() => basesOnPage(page)).toEqual(['https://api.kestrelpay.com']);
    expect(
      new Set(
        await choices(page).evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value)),
      ),
    ).toEqual(new Set(['production']));
    // A menu made afterwards starts on the reader's choice.
    await frames(page).last().scrollIntoViewIfNeeded();
    expect(await frames(page).last().locator('select').inputValue()).toBe('production');

    await page.reload();
    await expect.poll(() => basesOnPage(page)).toEqual(['https://api.kestrelpay.com']);

    // "Copy as" follows the same choice.
    const dialog = await openConsole(page, 'POST /v1/charges');
    expect(await send(dialog)).toBe('201 Created');
    const copyAs = dialog.locator('[data-slot="console-copy-as"]');
    expect(await copyAs.locator('select').inputValue()).toBe('production');
    expect(await copyAs.locator('pre').textContent()).toContain(
      "'https://api.kestrelpay.com/v1/charges'",
    );
    await page.context().close();
  });

  it("installs the SDKs from this site for this site's sandbox, and from their registries for the others", async () => {
    const page = await open('/sdks');
    const origin = new URL(page.url()).origin;
    const code = page.locator('[data-slot="article-body"] pre').first().locator('code');
    await expect
      .poll(() => code.textContent())
      .toContain(`npm install ${origin}/sdks/kestrelpay-node-1.0.0.tgz`);
    expect(await code.textContent()).toContain(`pip install ${origin}/sdks/kestrelpay-1.0.0-py3`);
    await frames(page).first().scrollIntoViewIfNeeded();
    await choices(page).first().selectOption({ label: 'Production' });
    await expect.poll(() => code.textContent()).toContain('npm install @kestrelpay/node');
    expect(await code.textContent()).toContain('composer require kestrelpay/kestrelpay-php');
    await choices(page).first().selectOption({ label: "This site's sandbox" });
    await page.context().close();
  });

  it("sets the SDKs' base URL option for this site's sandbox and their environment for the others, keeping the colours", async () => {
    const page = await open('/sdks');
    const origin = new URL(page.url()).origin;
    // The first frame installs the libraries; the second uses one.
    const code = page.locator('[data-slot="article-body"] pre').nth(1).locator('code');
    await expect.poll(() => code.textContent()).toContain(`baseUrl: '${origin}/sandbox',`);
    await frames(page).nth(1).scrollIntoViewIfNeeded();
    await choices(page).nth(1).selectOption({ label: 'Production' });
    await expect.poll(() => code.textContent()).toContain("environment: 'production',");
    // The option's value is still its own highlighted string token.
    expect(await code.locator('span', { hasText: /^'production'$/ }).count()).toBe(1);
    await choices(page).nth(1).selectOption({ label: "This site's sandbox" });
    await expect.poll(() => code.textContent()).toContain(`baseUrl: '${origin}/sandbox',`);
    await page.context().close();
  });

  it('shows the terminal box with this origin and the key pair on the Authentication page', async () => {
    const page = await open('/authentication');
    const origin = new URL(page.url()).origin;
    const box = page.locator('[data-slot="article-body"] [data-slot="sandbox-terminal"]');
    await expect.poll(() => box.locator('pre').first().textContent()).toBe(`${origin}/sandbox`);
    const text = await box.textContent();
    expect(text).toContain('pk_test_KestrelDocsSandbox');
    expect(text).toContain('sk_test_KestrelDocsSandboxPrivate');
    await page.context().close();
  });
});

describe('Copy as after a send', () => {
  it('carries a new Idempotency-Key each time, and says how to replay the sent one', async () => {
    const page = await open('/resources/customers', clipboard);
    const dialog = await openConsole(page, 'POST /v1/customers');
    const sentKey = await dialog.getByLabel(/^Idempotency-Key/).inputValue();
    expect(sentKey).not.toBe('');
    expect(await send(dialog)).toBe('201 Created');
    const copyAs = dialog.locator('[data-slot="console-copy-as"]');
    await copyAs.getByRole('tab', { name: 'cURL' }).click();
    const keyIn = (code: string) => /-H 'Idempotency-Key: ([^']+)'/.exec(code)?.[1];

    await copyAs.getByRole('button', { name: 'Copy' }).click();
    const first = await readClipboard(page);
    expect(keyIn(first)).toBeDefined();
    expect(keyIn(first)).not.toBe(sentKey);
    expect(first.split('\n')[0]).toBe(
      `# A new Idempotency-Key: send ${sentKey} instead to replay the console's request.`,
    );

    await expect.poll(() => copyAs.getByRole('button', { name: /Cop/ }).textContent()).toBe('Copy');
    await copyAs.getByRole('button', { name: 'Copy' }).click();
    const second = await readClipboard(page);
    expect(keyIn(second)).not.toBe(keyIn(first));
    expect(keyIn(second)).not.toBe(sentKey);

    // The token bar carries the terminal box too.
    const box = dialog.locator('[data-slot="sandbox-terminal"]');
    await box.locator('summary').click();
    expect(await box.locator('pre').first().textContent()).toBe(
      `${new URL(page.url()).origin}/sandbox`,
    );
    await box.getByRole('button', { name: 'Copy public key' }).click();
    await expect.poll(() => readClipboard(page)).toBe('pk_test_KestrelDocsSandbox');
    await page.context().close();
  });
});
