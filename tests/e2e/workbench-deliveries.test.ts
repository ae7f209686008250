// The workbench's inbox (issue: resends looked identical to the original, and the handler's
// answers were shown nowhere): a resend is labelled "Resent" with its own delivery ID, and the
// result a forwarder reports for a delivery shows beside it as it arrives.
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser';

const { open } = setupBrowser();

describe('the workbench inbox', () => {
  it('labels a resend with its delivery ID and shows the handler’s reported answer', async () => {
    const page = await open('/webhooks#webhook-workbench');
    const workbench = page.locator('[data-slot="workbench"]');
    await workbench.scrollIntoViewIfNeeded();
    await workbench.getByRole('button', { name: 'Get a token' }).click();
    await workbench.locator('[data-slot="workbench-status"][data-status="live"]').waitFor();
    await workbench.getByRole('button', { name: 'Create a charge' }).click();
    const deliveries = workbench.locator('[data-slot="delivery"]');
    await deliveries.first().waitFor();
    const original = deliveries.first();
    await original.locator('summary').click();
    await original.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => deliveries.count()).toBe(2);

    const [resent, first] = [deliveries.nth(0), deliveries.nth(1)];
    const summaries = await deliveries.locator('summary').allTextContents();
    expect(summaries[0]).not.toBe(summaries[1]);
    expect(await resent.locator('[data-slot="console-flag"]').textContent()).toBe('Resent');
    expect(await first.locator('[data-slot="console-flag"]').count()).toBe(0);
    const resentId = await resent.locator('[data-slot="delivery-ref"]').textContent();
    expect(resentId).not.toBe(await first.locator('[data-slot="delivery-ref"]').textContent());

    // What the forwarder reports for the resend, as it would after posting it to the handler.
    const token = await page.evaluate(
      () => /kp_at_[0-9a-f]{32}/.exec(JSON.stringify({ ...sessionStorage }))?.[0],
    );
    const reported = await fetch(`${baseUrl}/sandbox/inbox/${resentId}/result`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 204, duration_ms: 17 }),
    });
    expect(reported.status).toBe(201);
    await expect
      .poll(() => resent.locator('[data-slot="delivery-result"]').textContent(), {
        timeout: 10_000,
      })
      .toBe('Your handler: 204 in 17 ms');
    expect(await first.locator('[data-slot="delivery-result"]').count()).toBe(0);
    await page.context().close();
  });
});
