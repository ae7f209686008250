// Shared steps of the console's browser tests: opening an endpoint's console, reading its answer,
// and the axe-core check of what is on screen.
import type { Locator, Page } from 'playwright-core';
import { prepareForAxe } from './axe-page';

/** Clicks an endpoint's Try it and waits for its console to show the request. */
export async function openConsole(page: Page, request: string): Promise<Locator> {
  await page.getByRole('button', { name: `Try it (${request})` }).click();
  const dialog = page.locator('dialog[data-slot="console"]');
  await dialog.locator('[data-slot="console-form"]').waitFor();
  return dialog;
}

/** Sends the request and waits for the answer's status line. */
export async function send(dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const status = dialog.locator('[data-slot="console-status"] strong');
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

/** A top-level field of the answer's body, read from the console's JSON view. */
export async function answerField(dialog: Locator, name: string): Promise<unknown> {
  const text = await dialog.locator('[data-slot="console-body"] li').evaluateAll((items, key) => {
    const item = items.find(
      (li) => li.querySelector(':scope > [data-slot="json-key"]')?.textContent === `${key}: `,
    );
    return item?.querySelector(':scope > [data-slot="json-value"]')?.textContent ?? null;
  }, name);
  return text === null ? undefined : (JSON.parse(text) as unknown);
}

/** The axe-core (WCAG 2.x A and AA) violations of the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  await prepareForAxe(page);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<Result> } })
      .axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
