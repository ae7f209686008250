// The console's inline problems (issue: the validation error hid behind the sticky Send bar, on a
// desktop and at 375 px): after Send, the field with the problem and its message are in view,
// above the bar, even when the field sat just above the bar before.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openConsole } from './console-support';
import { setupBrowser } from './browser';

const { open } = setupBrowser();

/** Scrolls the console so the field's bottom edge meets the top of the Send bar. */
async function placeAboveSendBar(dialog: Locator, field: Locator) {
  await field.evaluate((element) => {
    const bar = element.closest('dialog')!.querySelector('[data-slot="console-actions"]')!;
    let scroller = element.parentElement!;
    while (!/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
      scroller = scroller.parentElement!;
    scroller.scrollTop += element.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  });
}

/** Where the problem sits against the Send bar and the screen, or 'clear' when wholly in view. */
function problemPlace(dialog: Locator, problem: Locator): Promise<string> {
  return problem.evaluate((element) => {
    const bar = element.closest('dialog')!.querySelector('[data-slot="console-actions"]')!;
    const { top, bottom } = element.getBoundingClientRect();
    const barTop = bar.getBoundingClientRect().top;
    return top >= 0 && bottom <= barTop
      ? 'clear'
      : `from ${top} to ${bottom}, the bar at ${barTop}`;
  });
}

describe('a problem found before sending', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 700 },
  ]) {
    it(`shows beside its field, clear of the Send bar, at ${viewport.width} px`, async () => {
      const page = await open('/resources/charges', { viewport });
      const dialog = await openConsole(page, 'POST /v1/charges');
      const description = dialog.getByLabel(/^description/);
      const field = description.locator('xpath=ancestor::*[@data-slot="field"][1]');
      await description.fill('x'.repeat(256));
      await placeAboveSendBar(dialog, field);
      await dialog.getByRole('button', { name: 'Send request' }).click();
      const problem = field.locator('[data-slot="field-problem"]');
      await problem.waitFor();
      await expect.poll(() => problemPlace(dialog, problem)).toBe('clear');
      await page.context().close();
    });
  }
});
