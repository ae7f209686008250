// The webhook workbench on the Webhooks page (issue: webhook workbench): the tab's sandbox events
// arrive live, resend with the same or a fresh ID, and verify in the signature checker, which
// explains a changed body, a re-serialised one and a wrong secret.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './console-support';
import { setupBrowser } from './browser';

const { open } = setupBrowser();

/** The workbench with a token and the first events of a charge in its inbox. */
async function workbenchWithEvents(page: Page) {
  const workbench = page.locator('[data-slot="workbench"]');
  await workbench.scrollIntoViewIfNeeded();
  await workbench.getByRole('button', { name: 'Get a token' }).click();
  await workbench.locator('[data-slot="workbench-status"][data-status="live"]').waitFor();
  await workbench.getByRole('button', { name: 'Create a charge' }).click();
  await workbench.locator('[data-slot="delivery"]').first().waitFor();
  return workbench;
}

describe('the webhook workbench', () => {
  it('shows the events of the sandbox live, with headers, signature and body', async () => {
    const page = await open('/webhooks#webhook-workbench');
    const workbench = await workbenchWithEvents(page);
    const delivery = workbench.locator('[data-slot="delivery"]').first();
    expect(await delivery.locator('summary code').textContent()).toBe('charge.succeeded');
    await delivery.locator('summary').click();
    expect(await delivery.locator('[data-slot="delivery-headers"]').textContent()).toMatch(
      /Kestrel-Signature\s*t=\d+,v1=[0-9a-f]{64}/,
    );
    const body = JSON.parse((await delivery.locator('[data-slot="delivery-body"]').textContent())!);
    expect(body).toMatchObject({ type: 'charge.succeeded', livemode: false });
    expect(await workbench.locator('[data-slot="workbench-secret"] code').textContent()).toMatch(
      /^whsec_/,
    );

    // Resend keeps the event's ID; a fresh ID makes it a new event. Newest first.
    await delivery.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => workbench.locator('[data-slot="delivery"]').count()).toBe(2);
    const ids = () => workbench.locator('[data-slot="delivery-id"]').allTextContents();
    expect(new Set(await ids()).size).toBe(1);
    const resent = workbench.locator('[data-slot="delivery"]').first();
    await resent.locator('summary').click();
    await resent.getByRole('button', { name: /^Send with a fresh ID/ }).click();
    await expect.poll(() => workbench.locator('[data-slot="delivery"]').count()).toBe(3);
    expect(new Set(await ids()).size).toBe(2);
    await page.context().close();
  });

  it('shows both secrets while a rotation overlaps, and verifies with either', async () => {
    const page = await open('/webhooks#webhook-workbench');
    const workbench = await workbenchWithEvents(page);
    // The tab's sandbox, as every piece of the site keeps it.
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('kestrel-pay:sandbox')!).token as string,
    );
    const send = (path: string, body: object) =>
      page.evaluate(
        async ([path, body, bearer]) => {
          const response = await fetch(`/sandbox/v1${path}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${bearer}`,
              'content-type': 'application/json',
              'idempotency-key': crypto.randomUUID(),
            },
            body: JSON.stringify(body),
          });
          return (await response.json()) as Record<string, string>;
        },
        [path, body, token] as const,
      );
    const rotated = await send('/webhook_endpoints/we_5Kp9Tz/rotate_secret', {
      expire_previous_after: 3600,
    });
    const secrets = workbench.locator('[data-slot="workbench-secret"]');
    await expect.poll(() => secrets.count()).toBe(2);
    expect(await secrets.first().locator('code').textContent()).toBe(rotated.secret);
    expect(await secrets.nth(1).textContent()).toMatch(
      /^Previous secret whsec_\w+, still signing until/,
    );

    await send('/charges', {
      amount: 12500,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: 'tc_4Nf8xPz',
    });
    await expect.poll(() => workbench.locator('[data-slot="delivery"]').count()).toBe(2);
    const delivery = workbench.locator('[data-slot="delivery"]').first();
    await delivery.locator('summary').click();
    await delivery.getByRole('button', { name: /^Check signature/ }).click();
    const verdict = workbench.locator('[data-slot="signature-verdict"]');
    await expect.poll(() => verdict.locator('strong').textContent()).toBe('Signature verified');
    await page.context().close();
  });

  it('verifies an event in the checker and explains why a changed one fails', async () => {
    const page = await open('/webhooks#webhook-workbench');
    const workbench = await workbenchWithEvents(page);
    const delivery = workbench.locator('[data-slot="delivery"]').first();
    await delivery.locator('summary').click();
    await delivery.getByRole('button', { name: /^Check signature/ }).click();
    const verdict = workbench.locator('[data-slot="signature-verdict"]');
    await expect.poll(() => verdict.locator('strong').textContent()).toBe('Signature verified');

    const payload = workbench.getByLabel(/^Payload/);
    const original = await payload.inputValue();
    await payload.fill(original.replace('"livemode":false', '"livemode":true'));
    await expect.poll(() => verdict.locator('strong').textContent()).toBe('Body changed');
    expect(await verdict.textContent()).toMatch(/first differs at character \d+/);

    await payload.fill(JSON.stringify(JSON.parse(original), null, 2));
    await expect.poll(() => verdict.locator('strong').textContent()).toBe('Body re-serialised');

    await payload.fill(original);
    await workbench.getByLabel(/^Signing secret/).fill('whsec_0000000000000000');
    await expect.poll(() => verdict.locator('strong').textContent()).toBe('Wrong secret');

    await workbench.getByLabel(/^Kestrel-Signature header/).fill('v1=abc');
    await expect
      .poll(() => verdict.locator('strong').textContent())
      .toBe('Malformed signature header');
    expect(await verdict.getAttribute('role')).toBe('status');
    await page.context().close();
  });

  it('shows the command that forwards the events to a handler on localhost', async () => {
    const page = await open('/webhooks#webhook-workbench', {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const workbench = await workbenchWithEvents(page);
    const masked = await workbench.locator('[data-slot="token"]').textContent();
    const origin = new URL(page.url()).origin;
    await workbench.getByLabel('Your handler on localhost').fill('http://localhost:5000/hooks');
    const forward = workbench.locator('[data-slot="workbench-forward"]');
    const commandFor = (token: string | null) =>
      `curl -sO ${origin}/kestrel-sandbox-forward.mjs\nnode kestrel-sandbox-forward.mjs --from ${origin} --token ${token} --to http://localhost:5000/hooks`;
    // Shown as the token bar shows the token, masked; copied with the token itself.
    expect(await forward.locator('pre').textContent()).toBe(commandFor(masked));
    await workbench.getByRole('button', { name: 'Show token' }).click();
    const token = await workbench.locator('[data-slot="token"]').textContent();
    await forward.getByRole('button', { name: 'Copy commands' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(commandFor(token));
    const script = await fetch(`${origin}/kestrel-sandbox-forward.mjs`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('sandbox-forward');
    await page.context().close();
  });

  it.each(['light', 'dark'] as const)(
    'passes axe with events and a verdict, in the %s theme',
    async (colorScheme) => {
      const page = await open('/webhooks#webhook-workbench', { colorScheme });
      const workbench = await workbenchWithEvents(page);
      const delivery = workbench.locator('[data-slot="delivery"]').first();
      await delivery.locator('summary').click();
      await delivery.getByRole('button', { name: /^Check signature/ }).click();
      await workbench.locator('[data-slot="signature-verdict"] strong').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
