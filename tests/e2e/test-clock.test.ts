// The test clock from the token bar: the reader moves the sandbox's time, and a charge authorised
// from a terminal in the same sandbox lapses as the docs say, with the clock read back over HTTP.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxRoute } from '@/lib/routes';
import { openConsole, send } from './console-support';
import { baseUrl, setupBrowser, visit } from './browser';

const { newContext } = setupBrowser();
const DAY_SECONDS = 24 * 60 * 60;

async function overHttp(path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${sandboxRoute(path)}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as any;
}

describe('the test clock in the token bar', () => {
  it('moves the sandbox’s time for the browser and the terminal alike', async () => {
    const context = await newContext();
    const page = await visit(context, '/resources/charges');
    const dialog = await openConsole(page, 'POST /v1/charges');
    expect(await send(dialog)).toBe('201 Created');
    const reveal = dialog.getByRole('button', { name: 'Show token' }).first();
    await reveal.click();
    const token = (await dialog.locator('[data-slot="token"]').first().textContent()) ?? '';
    expect(token).toMatch(/^kp_at_/);

    // A charge authorised from a terminal, in the same sandbox.
    const held = await overHttp('/v1/charges', token, {
      amount: 12500,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: 'tc_test_visa',
      capture: false,
    });
    expect(held.status).toBe('requires_capture');

    const clock = dialog.locator('[data-slot="test-clock"]');
    await clock.locator('summary').click();
    await expect
      .poll(() => clock.locator('[data-slot="test-clock-now"]').textContent())
      .toMatch(/UTC$/);
    await clock.getByRole('button', { name: '+7 days' }).click();
    await expect
      .poll(() => clock.locator('[data-slot="test-clock-now"]').textContent())
      .toMatch(/7 days ahead$/);
    await clock.getByRole('button', { name: '+1 day' }).click();
    await expect
      .poll(() => clock.locator('[data-slot="test-clock-now"]').textContent())
      .toMatch(/8 days ahead$/);

    const read = await overHttp('/clock', token);
    expect(read.advanced_by_seconds).toBeGreaterThanOrEqual(8 * DAY_SECONDS);
    const lapsed = await overHttp(`/v1/charges/${held.id}`, token);
    expect(lapsed).toMatchObject({ status: 'failed', failure_code: 'authorisation_expired' });

    // A date that is not ahead of the sandbox's time is refused with the sandbox's message.
    await clock.locator('input[type="date"]').fill('2020-01-01');
    await clock.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect
      .poll(() => clock.getByRole('alert').textContent())
      .toContain('must be after the sandbox');
    await context.close();
  });
});
