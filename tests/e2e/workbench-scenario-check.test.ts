// A scenario's documented outcome beside what the sandbox did (issue: "Bank approves" said
// "status succeeded: as documented" beside a body that still said pending): the check judges the
// body the console shows, and names the event that brought the object to its outcome later.
import { describe, expect, it } from 'vitest';
import { answerField } from './console-support';
import { setupBrowser } from './browser';

const { open } = setupBrowser();

describe('the check of a bank scenario', () => {
  it('says what the body shows, then what the later event shows', async () => {
    const page = await open('/testing#bank-payment-approved');
    await page
      .locator('#bank-payment-approved')
      .getByRole('button', { name: /^Run in sandbox/ })
      .click();
    const dialog = page.locator('dialog[data-slot="console"]');
    await dialog.locator('[data-slot="console-form"]').waitFor();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const rows = dialog.locator('[data-slot="console-scenario-check"] li');
    // The charge settles a few seconds after the answer, with charge.succeeded.
    await expect
      .poll(() => rows.last().textContent(), { timeout: 15_000 })
      .toMatch(/events .*: as documented$/);
    const shown = await answerField(dialog, 'status');
    const status = (await rows.first().textContent()) ?? '';
    expect(status).toMatch(/^status succeeded/);
    if (shown !== 'succeeded') {
      expect(status).toContain(`the answer shows ${String(shown)}`);
      expect(await rows.first().getAttribute('data-match')).toBe('later');
    }
    await page.context().close();
  });
});
