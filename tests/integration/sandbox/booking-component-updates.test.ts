// What an update of a booking component may change, as Update a booking component and the
// Booking Components page say: never a cost below what was disbursed, no cancellation while a
// disbursement of it is under way, and nothing but metadata once cancelled.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch, settle } = sandboxForEachTest();

/** The documented hotel stay, confirmed at £960.00 and not yet paid. */
const COMPONENT = '/v1/booking_components/bkc_9Xe4Ty';

/** Pays the documented hotel stay's supplier for it; the disbursement starts `pending`. */
async function disburse(amount: number) {
  const disbursement = await post('/v1/disbursements', {
    amount,
    currency: 'GBP',
    supplier_id: 'sup_2Lw8Hd',
    booking_component_id: 'bkc_9Xe4Ty',
  });
  expect(disbursement.body.status, JSON.stringify(disbursement.body)).toBe('pending');
  return disbursement.body.id as string;
}

describe('updating a booking component', () => {
  it('refuses a cost_amount below its amount_disbursed, and takes one that covers it', async () => {
    await disburse(40000);
    const below = await patch(COMPONENT, { cost_amount: 39999 });
    expect(below.status).toBe(400);
    expect(below.body.error).toMatchObject({ code: 'parameter_invalid', param: 'cost_amount' });
    expect((await get(COMPONENT)).body.cost_amount).toBe(96000);
    const covered = await patch(COMPONENT, { cost_amount: 40000 });
    expect(covered.status).toBe(200);
    expect(covered.body).toMatchObject({ cost_amount: 40000, amount_disbursed: 40000 });
  });

  it('refuses to cancel a component while its disbursement is pending, and cancels it once that is cancelled', async () => {
    const disbursement = await disburse(96000);
    const refused = await patch(COMPONENT, { status: 'cancelled' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'booking_component_disbursement_pending',
      param: 'status',
    });
    expect((await get(COMPONENT)).body.status).toBe('confirmed');
    await post(`/v1/disbursements/${disbursement}/cancel`);
    const cancelled = await patch(COMPONENT, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
  });

  it('cancels a component once its disbursement is paid', async () => {
    const disbursement = await disburse(96000);
    settle();
    expect((await get(`/v1/disbursements/${disbursement}`)).body.status).toBe('paid');
    const cancelled = await patch(COMPONENT, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', amount_disbursed: 96000 });
  });

  it('takes only metadata once cancelled, and is never moved out of cancelled', async () => {
    expect((await patch(COMPONENT, { status: 'cancelled' })).body.status).toBe('cancelled');
    const changes = [
      { cost_amount: 50000 },
      { description: 'Hotel Solmar Palma, 5 nights' },
      { status: 'confirmed' },
      { status: 'cancelled' },
      { supplier_reference: 'SOL-99999', metadata: { note: 'rebooked' } },
    ];
    for (const change of changes) {
      const refused = await patch(COMPONENT, change);
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body.error.code).toBe('booking_component_cancelled');
    }
    expect((await get(COMPONENT)).body).toMatchObject({
      status: 'cancelled',
      cost_amount: 96000,
      supplier_reference: 'SOL-55821',
    });
    const noted = await patch(COMPONENT, { metadata: { note: 'rebooked as bkc_new' } });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({
      status: 'cancelled',
      metadata: { note: 'rebooked as bkc_new' },
    });
  });

  it('stays as it is when its booking is cancelled', async () => {
    const before = (await get(COMPONENT)).body;
    expect((await post('/v1/bookings/bk_8Jd2kLq/cancel')).body.status).toBe('cancelled');
    expect((await get(COMPONENT)).body).toEqual(before);
    const listed = (await get('/v1/booking_components?booking_id=bk_8Jd2kLq')).body.data;
    expect(listed.map((component: { status: string }) => component.status)).toEqual(['confirmed']);
  });
});
