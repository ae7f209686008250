// The reconciliation guide (content/guides/reconcile-settlements.mdx), followed step by step
// against a sandbox after a day of captures, refunds, a chargeback, money held until travel, a
// payout and a conversion: every settlement is in the ledger, every line adds up and names an
// object of the sandbox, the ledger chains to the balance, and an unsettled capture is chased.
import { describe, expect, it } from 'vitest';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, patch, settle, clock, advanceTestClock } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = Record<string, unknown> & { id: string };
type Entry = Row & { amount: number; balance_after: number; balance_type: string };

/** Every object of a list, page by page with `starting_after`, keeping the query the same. */
async function listAll<T extends Row = Row>(path: string): Promise<T[]> {
  const rows: T[] = [];
  let after: string | undefined;
  do {
    const page = await get(`${path}&limit=100${after ? `&starting_after=${after}` : ''}`);
    expect(page.status, `${path}: ${JSON.stringify(page.body)}`).toBe(200);
    rows.push(...(page.body.data as T[]));
    after = page.body.has_more ? (page.body.next_cursor as string) : undefined;
  } while (after);
  return rows;
}

/** Where each kind of object behind a transaction or an entry is read. */
const OBJECT_PATHS: Record<string, string> = {
  ch: '/v1/charges',
  re: '/v1/refunds',
  cb: '/v1/chargebacks',
  stl: '/v1/acquirer_settlements',
  bk: '/v1/bookings',
  ba: '/v1/bank_accounts',
  dis: '/v1/disbursements',
  fxq: '/v1/fx_quotes',
};

/** Whether the object a `source_id` names can be read from the sandbox. */
async function knows(source: string) {
  const folder = OBJECT_PATHS[source.slice(0, source.indexOf('_'))];
  return folder !== undefined && (await get(`${folder}/${source}`)).status === 200;
}

/** A day of business in a fresh sandbox; answers the window it fell in and its last capture. */
async function aDayOfPayments() {
  const from = timestamp(clock.now() - 1000);
  const departure = (days: number) =>
    new Date(clock.now() + days * DAY_MS).toISOString().slice(0, 10);
  const booking = (suffix: string, days: number) => ({
    reference: `KP-RECON-${Date.now()}-${suffix}`,
    total_amount: 184000,
    currency: 'GBP',
    departure_date: departure(days),
  });
  const { charge } = await sandbox.bookAndCharge(booking('paid', 40), 50000);
  settle();
  expect((await post('/v1/refunds', { charge_id: charge.id, amount: 20000 })).status).toBe(201);
  settle();
  await post('/v1/charges', { ...CHARGE, tokenised_card_id: 'tc_test_dispute_fraudulent' });
  settle();
  await patch('/v1/organisation', { funds_release: 'on_departure' });
  await sandbox.bookAndCharge(booking('held', 2), 30000);
  settle();
  expect((await post('/v1/payouts', { amount: 10000, currency: 'GBP' })).status).toBe(201);
  settle();
  const quote = await post('/v1/fx_quotes', {
    sell_currency: 'GBP',
    buy_currency: 'EUR',
    buy_amount: 1000,
  });
  expect((await post(`/v1/fx_quotes/${quote.body.id}/convert`)).status).toBe(200);
  await advanceTestClock(3 * DAY_MS);
  const last = await sandbox.bookAndCharge(booking('unsettled', 30), 7000);
  // The sandbox's own time, which the test clock has moved on.
  const now = Date.parse(String((await get('/clock')).body.now));
  return { from, to: timestamp(now + 1000), unsettled: String(last.charge.id) };
}

describe('the reconciliation guide, followed against the sandbox', () => {
  it('matches every settlement to the ledger, adds up every line and chains the ledger to the balance', async () => {
    const { from, to } = await aDayOfPayments();

    // Step 1: the settlements paid in the window, with the same query on every page.
    const settlements = await listAll(
      `/v1/acquirer_settlements?status=paid&currency=GBP&created_after=${from}&created_before=${to}`,
    );
    // The capture, the refund, the disputed charge and its chargeback, the held capture.
    expect(settlements).toHaveLength(5);

    for (const stl of settlements) {
      // Step 2: the settlement's entries credit its net amount, and it names one of them.
      const entries = await listAll<Entry>(`/v1/ledger_entries?source_id=${stl.id}`);
      const credited = entries
        .filter((entry) => entry.balance_type !== 'pending')
        .reduce((sum, entry) => sum + entry.amount, 0);
      expect(credited, stl.id).toBe(stl.net_amount);
      const named = entries.find((entry) => entry.id === stl.ledger_entry_id);
      expect(named?.balance_type, stl.id).not.toBe('pending');
      expect(entries.every((entry) => entry.type === 'settlement')).toBe(true);
      const pending = entries.filter((entry) => entry.balance_type === 'pending');
      expect(pending.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-Number(stl.gross_amount));

      // Step 3: its transactions add up to its totals, and each names an object of the sandbox.
      const lines = await listAll(`/v1/transactions?settlement_id=${stl.id}`);
      expect(lines).toHaveLength(Number(stl.transaction_count));
      const sum = (field: string) => lines.reduce((total, line) => total + Number(line[field]), 0);
      expect([sum('amount'), sum('fee_amount')]).toEqual([stl.gross_amount, stl.fee_amount]);
      for (const line of lines) expect(await knows(String(line.source_id)), line.id).toBe(true);
      // The parent list of the settlement says the same.
      const listed = await listAll(`/v1/acquirer_settlements/${stl.id}/transactions?type=charge`);
      expect(listed.map((line) => line.id)).toEqual(
        lines.filter((line) => line.type === 'charge').map((line) => line.id),
      );
    }

    // Step 4: each part of the balance is the chain of its entries, oldest first.
    const balance = (await get('/v1/balance')).body as Record<string, Row[]>;
    for (const part of ['available', 'pending', 'reserved']) {
      const chain = (
        await listAll<Entry>(
          `/v1/ledger_entries?currency=GBP&balance_type=${part}&created_after=${from}`,
        )
      ).reverse();
      expect(chain.length, part).toBeGreaterThan(0);
      for (let i = 1; i < chain.length; i++) {
        expect(chain[i - 1]!.balance_after + chain[i]!.amount, chain[i]!.id).toBe(
          chain[i]!.balance_after,
        );
      }
      const now = balance[part]!.find((amount) => amount.currency === 'GBP')?.amount ?? 0;
      expect(chain.at(-1)!.balance_after, part).toBe(now);
      for (const entry of chain) expect(await knows(String(entry.source_id)), entry.id).toBe(true);
    }
    // Every kind of move left its documented entry.
    const types = new Set(
      (await listAll<Entry>(`/v1/ledger_entries?created_after=${from}`)).map((entry) => entry.type),
    );
    expect([...types].sort()).toEqual(
      [
        'charge',
        'chargeback',
        'conversion',
        'fee',
        'payout',
        'refund',
        'reserve_release',
        'settlement',
      ].sort(),
    );
  });

  it('chases a captured payment that has not settled, until it does', async () => {
    const { to, unsettled } = await aDayOfPayments();
    // Step 5: the transactions still pending before the cut-off.
    const chase = () => listAll(`/v1/transactions?status=pending&created_before=${to}`);
    expect((await chase()).map((line) => line.source_id)).toEqual([unsettled]);
    settle();
    expect(await chase()).toEqual([]);
    const [line] = await listAll(`/v1/transactions?source_id=${unsettled}`);
    expect(line).toMatchObject({ status: 'settled', settled_at: expect.any(String) });
    expect(await knows(String(line!.settlement_id))).toBe(true);
  });

  it('starts every sandbox with the story settled line by line', async () => {
    const lines = await listAll('/v1/transactions?type=charge&status=settled');
    expect(lines.map((line) => line.source_id)).toContain('ch_3MtwBwLk');
    const settlement = (await get('/v1/acquirer_settlements/stl_2Ha6Lx')).body;
    expect(settlement).toMatchObject({ gross_amount: 12500, ledger_entry_id: 'le_8Tw3Gd' });
    const entry = (await get('/v1/ledger_entries/le_8Tw3Gd')).body;
    expect(entry).toMatchObject({ source_id: 'stl_2Ha6Lx', amount: 12312 });
    for (const line of lines) expect(await knows(String(line.source_id)), line.id).toBe(true);
  });
});
