import { describe, expect, it } from 'vitest';
import { nextCutOff } from '@/lib/sandbox/machines/payout';
import { timestamp } from '@/lib/sandbox/time';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes, settle, clock, advanceTestClock } = sandbox;
const payout = (amount: number, currency = 'GBP') => post('/v1/payouts', { amount, currency });

const available = (currency: string) => sandbox.balanceOf('available', currency);

describe('the payout cut-off', () => {
  it('is 13:00 UTC the same business day before it, else the next business day', () => {
    const at = (text: string) => timestamp(nextCutOff(Date.parse(text)));
    expect(at('2026-06-02T09:15:00Z')).toBe('2026-06-02T13:00:00Z');
    expect(at('2026-06-02T13:00:00Z')).toBe('2026-06-03T13:00:00Z');
    expect(at('2026-06-05T14:00:00Z')).toBe('2026-06-08T13:00:00Z');
    expect(at('2026-06-06T09:00:00Z')).toBe('2026-06-08T13:00:00Z');
  });
});

describe('a payout', () => {
  it('leaves the available balance at once, announced, then leaves in transit and is paid', async () => {
    const before = await available('GBP');
    const created = await payout(250000);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      method: 'manual',
      bank_account_id: 'ba_5Ke7Fp',
      cut_off_at: timestamp(nextCutOff(clock.now())),
      expected_arrival_date: timestamp(nextCutOff(clock.now())).slice(0, 10),
    });
    expect(await available('GBP')).toBe(before - 250000);
    expect(await eventTypes()).toEqual(['payout.created']);
    // The sandbox brings the cut-off forward: the payout leaves seconds later.
    settle();
    expect((await get(`/v1/payouts/${created.body.id}`)).body).toMatchObject({
      status: 'in_transit',
      paid_at: null,
    });
    expect(await eventTypes()).toEqual(['payout.created']);
    const inTransit = await post(`/v1/payouts/${created.body.id}/cancel`);
    expect(inTransit.status).toBe(409);
    expect(inTransit.body.error.code).toBe('payout_not_cancellable');
    settle();
    expect((await get(`/v1/payouts/${created.body.id}`)).body.status).toBe('paid');
    expect(await eventTypes()).toEqual(['payout.created', 'payout.paid']);
    const paid = (await get('/v1/payouts?status=paid')).body.data as { id: string }[];
    expect(paid.map(({ id }) => id)).toContain(created.body.id);
    const late = await post(`/v1/payouts/${created.body.id}/cancel`);
    expect(late.body.error.code).toBe('payout_not_cancellable');
  });

  it('refused or sent back by the bank, returns to the available balance', async () => {
    const before = await available('GBP');
    const refused = (await payout(40001)).body;
    const returned = (await payout(40002)).body;
    // In transit after the asynchronous delay, refused or accepted after another, sent back after a third.
    settle();
    expect((await get(`/v1/payouts/${refused.id}`)).body.status).toBe('in_transit');
    settle();
    settle();
    expect((await get(`/v1/payouts/${refused.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'account_closed',
    });
    const back = (await get(`/v1/payouts/${returned.id}`)).body;
    expect(back).toMatchObject({ status: 'returned', failure_code: 'account_closed' });
    expect(back.paid_at).not.toBeNull();
    expect(back.returned_at).not.toBeNull();
    expect(await available('GBP')).toBe(before);
    expect(await eventTypes()).toEqual([
      'payout.created',
      'payout.created',
      'payout.failed',
      'payout.paid',
      'payout.returned',
    ]);
  });

  it('cancelled before its cut-off, gives its amount back', async () => {
    const before = await available('GBP');
    const created = (await payout(1000)).body;
    const cancelled = await post(`/v1/payouts/${created.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await available('GBP')).toBe(before);
    settle();
    settle();
    expect((await get(`/v1/payouts/${created.id}`)).body.status).toBe('cancelled');
    expect(await eventTypes()).toEqual(['payout.created']);
  });

  it('of the held test amount waits for its cut-off, cancellable until then', async () => {
    const held = (await payout(40003)).body;
    const cutOff = Date.parse(held.cut_off_at);
    settle();
    settle();
    expect((await get(`/v1/payouts/${held.id}`)).body.status).toBe('pending');
    const other = (await payout(40003)).body;
    expect((await post(`/v1/payouts/${other.id}/cancel`)).body.status).toBe('cancelled');
    await advanceTestClock(cutOff - clock.now());
    expect((await get(`/v1/payouts/${held.id}`)).body.status).toBe('in_transit');
    settle();
    expect((await get(`/v1/payouts/${held.id}`)).body.status).toBe('paid');
    expect(await eventTypes()).toEqual(['payout.created', 'payout.created', 'payout.paid']);
  });

  it('needs a verified default account and the available funds', async () => {
    const noAccount = await payout(1000, 'USD');
    expect(noAccount.status).toBe(409);
    expect(noAccount.body.error.code).toBe('payout_account_missing');
    const tooMuch = await payout((await available('GBP')) + 1);
    expect(tooMuch.body.error.code).toBe('insufficient_balance');
  });
});
