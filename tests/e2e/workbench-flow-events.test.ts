// A flow's events under the step that caused them (issue: a flow listed an event under the wrong
// step): the stream of events can bring a step's events after the next step has started; the
// refund step acts on the charge too, but the charge's own charge.succeeded stays with the charge.
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const { open } = setupBrowser();

/** How long the browser holds back each connection of the inbox stream, as a slow network would. */
const STREAM_DELAY_MS = 3000;

describe('the refund flow with a slow event stream', () => {
  it('lists charge.succeeded under the charge, not under the refund that followed it', async () => {
    const page = await open('/guides/refund-a-payment');
    await page.route('**/sandbox/inbox/stream', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, STREAM_DELAY_MS));
      await route.continue();
    });
    // The flow its code rendered, after its placeholder.
    const flow = page.locator('[data-island="sandbox-flow"] [data-slot="flow"]').last();
    await page.locator('[data-island="sandbox-flow"]').scrollIntoViewIfNeeded();
    await flow.getByRole('button', { name: 'Run the flow' }).click();
    await flow.getByText(/^All \d+ steps ran\.$/).waitFor({ timeout: 30_000 });
    const step = (title: RegExp) => flow.locator('[data-slot="flow-step"]', { hasText: title });
    const eventsOf = (title: RegExp) =>
      step(title).locator('[data-slot="flow-events"] code').allTextContents();
    await expect
      .poll(() => eventsOf(/^\d*Charge/), { timeout: 15_000 })
      .toContain('charge.succeeded');
    expect(await eventsOf(/^\d*Refund part of the charge/)).not.toContain('charge.succeeded');
    await page.context().close();
  });
});
