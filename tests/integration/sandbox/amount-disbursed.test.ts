// A booking component's `amount_disbursed` follows the disbursements that pay it, as the Booking
// Components page says: each one adds its amount while pending, in transit or paid, and takes it
// back when it fails or is cancelled.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, settle } = sandboxForEachTest();

/** The documented hotel stay, £960.00, of which nothing is paid yet. */
const COMPONENT = '/v1/booking_components/bkc_9Xe4Ty';
/** The amount of the test scenario in which the supplier's account is closed. */
const ACCOUNT_CLOSED_AMOUNT = 2001;

const disbursedOf = async () => (await get(COMPONENT)).body.amount_disbursed as number;

/** Pays the hotel's supplier for the stay. */
async function disburse(amount: number) {
  const disbursement = await post('/v1/disbursements', {
    amount,
    currency: 'GBP',
    supplier_id: 'sup_2Lw8Hd',
    booking_component_id: 'bkc_9Xe4Ty',
  });
  expect(disbursement.status, JSON.stringify(disbursement.body)).toBe(201);
  return disbursement.body.id as string;
}

describe("a booking component's amount_disbursed", () => {
  it('reaches the cost once the stay is paid in full, so nothing more is owed', async () => {
    expect(await disbursedOf()).toBe(0);
    await disburse(96000);
    expect(await disbursedOf()).toBe(96000);
    settle();
    const component = (await get(COMPONENT)).body;
    expect(component.amount_disbursed).toBe(96000);
    expect(component.cost_amount - component.amount_disbursed).toBe(0);
  });

  it('adds each disbursement, and takes back one that is cancelled or fails', async () => {
    const deposit = await disburse(30000);
    const balance = await disburse(60000);
    expect(await disbursedOf()).toBe(90000);
    await post(`/v1/disbursements/${balance}/cancel`);
    expect(await disbursedOf()).toBe(30000);
    const failing = await disburse(ACCOUNT_CLOSED_AMOUNT);
    expect(await disbursedOf()).toBe(30000 + ACCOUNT_CLOSED_AMOUNT);
    settle();
    expect((await get(`/v1/disbursements/${failing}`)).body.status).toBe('failed');
    expect((await get(`/v1/disbursements/${deposit}`)).body.status).toBe('paid');
    expect(await disbursedOf()).toBe(30000);
  });
});
