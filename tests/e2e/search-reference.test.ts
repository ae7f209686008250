import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';
import { hits, openSearch as openSearchOn } from './search-page';

const { open } = setupBrowser();

// Codes, events, fields and scenarios are results of their own, each at its anchor.
describe('search for a named thing of the reference', () => {
  it('shows an error code first, labelled, with where it is, and goes to its anchor', async () => {
    const { page, input } = await openSearchOn(open, '/webhooks');
    await input.fill('idempotency_key_reused');
    const first = hits(page).first();
    await expect.poll(() => first.getAttribute('data-path')).toBe('/errors#idempotency_key_reused');
    expect(await first.locator('[data-slot="hit-type"]').textContent()).toBe('Code');
    expect(await first.locator('[data-slot="hit-name"]').textContent()).toBe(
      'idempotency_key_reused',
    );
    expect(await first.locator('[data-slot="hit-section"]').textContent()).toBe(
      'Errors › Error codes',
    );
    expect(await first.locator('[data-slot="hit-content"]').textContent()).toMatch(
      /^HTTP 409 · conflict_error\./,
    );
    await page.keyboard.press('Enter');
    await page.waitForURL('**/errors#idempotency_key_reused');
    await expect.poll(() => page.locator('[id="idempotency_key_reused"]').isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows a field by its object and name, wrapping a long name on a phone', async () => {
    const { page, input } = await openSearchOn(open, '/', {
      viewport: { width: 375, height: 800 },
    });
    await input.fill('Charge.card.three_d_secure.liability_shift');
    const first = hits(page).first();
    await expect
      .poll(() => first.getAttribute('data-path'))
      .toBe('/resources/charges#charge-card-three_d_secure-liability_shift');
    expect(await first.locator('[data-slot="hit-type"]').textContent()).toBe('Field');
    expect(await first.locator('[data-slot="hit-section"]').textContent()).toBe(
      'Charges › The charge object',
    );
    // The name wraps at its dots and underscores: nothing sticks out of the hit.
    expect(await first.evaluate((hit) => hit.scrollWidth <= hit.clientWidth)).toBe(true);
    await page.context().close();
  });

  it('shows a resource page before its endpoints when the query names it', async () => {
    const { page, input } = await openSearchOn(open);
    await input.fill('refunds');
    await expect
      .poll(() => hits(page).first().getAttribute('data-path'))
      .toBe('/resources/refunds');
    await page.context().close();
  });
});
