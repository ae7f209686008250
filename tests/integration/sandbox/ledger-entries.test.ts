import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, settle } = sandbox;
/** The amount of the test scenario whose refund fails with card_closed. */
const FAILING_REFUND_AMOUNT = 1001;

type Entry = { type: string; balance_type: string; amount: number; source_id: string };

/** The ledger entries a query selects, oldest first. */
const entries = async (query: string) =>
  ((await get(`/v1/ledger_entries?${query}&limit=100`)).body.data as Entry[]).reverse();

/** The type, part of the balance, amount and cause of each entry, the fields a reversal mirrors. */
const moves = (list: Entry[]) =>
  list.map(({ type, balance_type, amount, source_id }) => ({
    type,
    balance_type,
    amount,
    source_id,
  }));

describe('a payout', () => {
  it('debits available by its amount, with its bank account as source_id and itself as payout_id', async () => {
    const payout = (await post('/v1/payouts', { amount: 250000, currency: 'GBP' })).body;
    const [entry, ...others] = await entries(`payout_id=${payout.id}`);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: 'payout',
      balance_type: 'available',
      amount: -250000,
      currency: 'GBP',
      source_id: 'ba_5Ke7Fp',
      payout_id: payout.id,
      balance_after: await sandbox.balanceOf('available', 'GBP'),
    });
    expect(payout.bank_account_id).toBe('ba_5Ke7Fp');
  });
});

describe('the ledger', () => {
  it('reverses a failed refund with an entry of its type, the opposite amount and the same source', async () => {
    const charge = (await post('/v1/charges', CHARGE)).body;
    const refund = (
      await post('/v1/refunds', { charge_id: charge.id, amount: FAILING_REFUND_AMOUNT })
    ).body;
    settle();
    expect((await get(`/v1/refunds/${refund.id}`)).body.status).toBe('failed');
    const reversed = { type: 'refund', balance_type: 'pending', source_id: refund.id };
    expect(moves(await entries(`source_id=${refund.id}`))).toEqual([
      { ...reversed, amount: -FAILING_REFUND_AMOUNT },
      { ...reversed, amount: FAILING_REFUND_AMOUNT },
    ]);
  });

  it('reverses a cancelled disbursement with an entry of its type, the opposite amount and the same source', async () => {
    const disbursement = (
      await post('/v1/disbursements', { amount: 15000, currency: 'GBP', supplier_id: 'sup_2Lw8Hd' })
    ).body;
    await post(`/v1/disbursements/${disbursement.id}/cancel`);
    const reversed = {
      type: 'disbursement',
      balance_type: 'available',
      source_id: disbursement.id,
    };
    expect(moves(await entries(`source_id=${disbursement.id}`))).toEqual([
      { ...reversed, amount: -15000 },
      { ...reversed, amount: 15000 },
    ]);
  });
});

describe('a won chargeback', () => {
  it('returns the disputed amount as a chargeback_reversal transaction and ledger entry', async () => {
    const charge = (
      await post('/v1/charges', { ...CHARGE, tokenised_card_id: 'tc_test_dispute_fraudulent' })
    ).body;
    settle();
    const [chargeback] = (await get(`/v1/chargebacks?charge_id=${charge.id}`)).body.data;
    await post(`/v1/chargebacks/${chargeback.id}/evidence`, {
      evidence: { explanation: 'sandbox_winning_evidence' },
    });
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('won');
    const transactions = (await get(`/v1/transactions?source_id=${chargeback.id}`)).body.data;
    expect(transactions.map(({ type }: { type: string }) => type).sort()).toEqual([
      'chargeback',
      'chargeback_reversal',
    ]);
    expect(
      transactions.find(({ type }: { type: string }) => type === 'chargeback_reversal'),
    ).toMatchObject({ amount: CHARGE.amount, currency: 'GBP', fee_amount: 0 });
    const reversals = await entries(`source_id=${chargeback.id}&type=chargeback_reversal`);
    expect(moves(reversals)).toEqual([
      {
        type: 'chargeback_reversal',
        balance_type: 'pending',
        amount: CHARGE.amount,
        source_id: chargeback.id,
      },
    ]);
  });
});
