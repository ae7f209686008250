// The objects every sandbox starts with are made by the document's story, through the sandbox's
// own rules and clock, and dated from the moment it opens: what should have expired has, amounts
// add up, every deadline lies ahead and is reached as the clock moves, events are the sandbox's.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { get, advanceTestClock } = sandbox;

const DAY_MS = 24 * 60 * 60 * 1000;
type Money = { amount_captured: number; amount_refunded: number; booking_id: string };

describe("a sandbox's starting objects", () => {
  it('add up: a booking has paid what its charges captured less their refunds', async () => {
    const booking = (await get('/v1/bookings/bk_8Jd2kLq')).body;
    const charges = (await get('/v1/charges?limit=100')).body.data as Money[];
    const paid = charges
      .filter((charge) => charge.booking_id === booking.id)
      .reduce((sum, charge) => sum + charge.amount_captured - charge.amount_refunded, 0);
    expect(paid).toBeGreaterThan(0);
    expect(booking).toMatchObject({
      amount_paid: paid,
      amount_due: booking.total_amount - paid,
    });
    const refund = (await get('/v1/refunds/re_6Hs2Dk')).body;
    expect((await get(`/v1/charges/${refund.charge_id}`)).body.amount_refunded).toBe(refund.amount);
  });

  it('are dated from the opening: made in the past, their deadlines ahead', async () => {
    const now = Date.now();
    const deadlines = [
      (await get('/v1/payment_links/pl_7Vn3Qe')).body.expires_at,
      (await get('/v1/charges/ch_9Rk2PcWe')).body.capture_before,
      (await get('/v1/charges/ch_6Wc3PzTe')).body.next_action.expires_at,
      (await get('/v1/chargebacks/cb_2Pq7Vn')).body.evidence_due_by,
      (await get('/v1/fx_quotes/fxq_7Hk2Nw')).body.expires_at,
    ].map(Date.parse);
    for (const deadline of deadlines) expect(deadline).toBeGreaterThan(now);
    expect(Date.parse((await get('/v1/bookings/bk_8Jd2kLq')).body.created_at)).toBeLessThan(now);
  });

  it("say they are the sandbox's: no event of the story is live", async () => {
    const events = (await get('/v1/events?limit=100')).body.data as { livemode: boolean }[];
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((event) => event.livemode === false)).toBe(true);
    expect((await get('/v1/events/evt_1Rd4Gm7X')).body).toMatchObject({
      type: 'charge.failed',
      livemode: false,
      data: { object: { id: 'ch_5Kx7HdQp' } },
    });
  });

  it('reach their deadlines on the clock: a hold lapses, a link and a quote expire, a case is lost', async () => {
    await advanceTestClock(8 * DAY_MS);
    expect((await get('/v1/charges/ch_9Rk2PcWe')).body).toMatchObject({
      status: 'failed',
      failure_code: 'authorisation_expired',
    });
    expect((await get('/v1/charges/ch_6Wc3PzTe')).body.status).toBe('failed');
    expect((await get('/v1/fx_quotes/fxq_7Hk2Nw')).body.status).toBe('expired');
    expect((await get('/v1/chargebacks/cb_2Pq7Vn')).body.status).toBe('lost');
    await advanceTestClock(60 * DAY_MS);
    expect((await get('/v1/payment_links/pl_7Vn3Qe')).body.status).toBe('expired');
  });
});
