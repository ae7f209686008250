import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, clock } = sandboxForEachTest();
const DAY_MS = 24 * 60 * 60 * 1000;
const SUPPLIER = 'sup_2Lw8Hd';
/** The hotel's own confirmation number: longer than the 18 characters a bank statement shows. */
const SUPPLIER_REFERENCE = 'SOLMAR-2026-0041772-DBL';

/** Pays the hotel supplier £100.00, for a booking component when one is named. */
async function disburse(extra: Record<string, unknown> = {}) {
  const paid = await post('/v1/disbursements', {
    amount: 10000,
    currency: 'GBP',
    supplier_id: SUPPLIER,
    ...extra,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return paid.body;
}

describe("a disbursement's reference, when none is sent", () => {
  it("is its booking component's supplier_reference, cut to 18 characters", async () => {
    const startsAt = new Date(clock.now() + 30 * DAY_MS).toISOString().replace(/\.\d+Z$/, 'Z');
    const component = await post('/v1/booking_components', {
      booking_id: 'bk_8Jd2kLq',
      type: 'accommodation',
      supplier_id: SUPPLIER,
      supplier_reference: SUPPLIER_REFERENCE,
      cost_amount: 20000,
      currency: 'GBP',
      starts_at: startsAt,
    });
    expect(component.status, JSON.stringify(component.body)).toBe(201);
    const disbursement = await disburse({ booking_component_id: component.body.id });
    expect(disbursement.reference).toBe(SUPPLIER_REFERENCE.slice(0, 18));
    expect(disbursement.reference).toBe('SOLMAR-2026-004177');
  });

  it('is its own ID without a booking component', async () => {
    const disbursement = await disburse();
    expect(disbursement.id).toMatch(/^dis_/);
    expect(disbursement.reference).toBe(disbursement.id);
  });

  it('is the one sent when there is one', async () => {
    expect((await disburse({ reference: 'SOL-55821' })).reference).toBe('SOL-55821');
  });
});
