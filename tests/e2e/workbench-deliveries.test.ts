// The workbench's inbox (issue: resends looked identical to the original, and the handler's
// answers were shown nowhere): a resend is labelled "Resent" with its own delivery ID, and the
// result a forwarder reports for a delivery shows beside it as it arrives. Each delivery shows
// its date with its time, so deliveries a moved test clock set days apart read in order.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser';

const { open } = setupBrowser();
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** A delivery's time as the inbox lists it: `08 Jun 2026 12:00:03`, in UTC. */
const LISTED_TIME = /^(\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}:\d{2}:\d{2})$/;

/** The Webhooks page's workbench, with a token and one charge delivered to its inbox. */
async function workbenchWithACharge() {
  const page = await open('/webhooks#webhook-workbench');
  const workbench = page.locator('[data-slot="workbench"]');
  await workbench.scrollIntoViewIfNeeded();
  await workbench.getByRole('button', { name: 'Get a token' }).click();
  await workbench.locator('[data-slot="workbench-status"][data-status="live"]').waitFor();
  await workbench.getByRole('button', { name: 'Create a charge' }).click();
  const deliveries = workbench.locator('[data-slot="delivery"]');
  await deliveries.first().waitFor();
  return { page, workbench, deliveries };
}

describe('the workbench inbox', () => {
  it('labels a resend with its delivery ID and shows the handler’s reported answer', async () => {
    const { page, deliveries } = await workbenchWithACharge();
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

  it('dates each delivery, so one after the clock moved on reads as days later', async () => {
    const { page, workbench, deliveries } = await workbenchWithACharge();

    const clock = workbench.locator('[data-slot="test-clock"]');
    await clock.locator('summary').click();
    await clock.getByRole('button', { name: '+7 days' }).click();
    await expect
      .poll(() => clock.locator('[data-slot="test-clock-now"]').textContent())
      .toMatch(/7 days ahead$/);
    // A charge from a terminal a week on, by the sandbox's clock.
    const token = await page.evaluate(
      () => /kp_at_[0-9a-f]{32}/.exec(JSON.stringify({ ...sessionStorage }))?.[0],
    );
    const charged = await fetch(`${baseUrl}/sandbox/v1/charges`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        amount: 12500,
        currency: 'GBP',
        booking_id: 'bk_8Jd2kLq',
        tokenised_card_id: 'tc_4Nf8xPz',
      }),
    });
    expect(charged.status).toBe(201);
    // Newest first: the terminal's charge on top, the workbench's a week below it at the bottom,
    // with whatever the week brought about (deadlines, expiries) between them.
    const times = deliveries.locator('summary time');
    const ends = async () => {
      const count = await times.count();
      return Promise.all(
        [0, count - 1].map(async (index) => ({
          text: (await times.nth(index).textContent()) ?? '',
          iso: (await times.nth(index).getAttribute('dateTime')) ?? '',
        })),
      );
    };
    const daysApart = async () => {
      const [later, earlier] = (await ends()).map(({ iso }) => Date.parse(iso));
      return Math.floor((later! - earlier!) / (24 * 60 * 60 * 1000));
    };
    await expect.poll(daysApart).toBe(7);

    // Each shows the day, month, year and time of its machine-readable UTC time.
    for (const { text, iso } of await ends()) {
      expect(text).toMatch(LISTED_TIME);
      const [, day, month, year, time] = LISTED_TIME.exec(text)!;
      expect([year, day, time]).toEqual([iso.slice(0, 4), iso.slice(8, 10), iso.slice(11, 19)]);
      expect(month).toBe(MONTHS[Number(iso.slice(5, 7)) - 1]);
    }
    await page.context().close();
  });
});
