import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// The checks of the bank details of suppliers, beneficiaries and your own bank accounts: each
// starts `pending_verification` and ends seconds later, as its test account number says.
const { post, get, patch, settle, eventTypes } = sandboxForEachTest();

/** The test account number that fails the check (Testing page, Bank account checks). */
const REJECTED = '00000000';

const SUPPLIER = {
  name: 'Solmar Hotel Group',
  category: 'accommodation',
  country: 'GB',
  currency: 'GBP',
  bank_account: {
    account_holder_name: 'Solmar Hotel Group Ltd',
    sort_code: '40-11-62',
    account_number: '71043306',
  },
};
const BENEFICIARY = {
  type: 'individual',
  name: 'Daniel Okafor',
  currency: 'GBP',
  bank_account: {
    account_holder_name: 'Daniel Okafor',
    sort_code: '30-90-12',
    account_number: '55486021',
  },
};
const BANK_ACCOUNT = {
  account_holder_name: 'Harbour Lane Travel Ltd',
  currency: 'GBP',
  country: 'GB',
  sort_code: '20-45-77',
  account_number: '31924417',
};

const withAccountNumber = (body: typeof SUPPLIER | typeof BENEFICIARY, number: string) => ({
  ...body,
  bank_account: { ...body.bank_account, account_number: number },
});

const kinds = [
  ['supplier', '/v1/suppliers', SUPPLIER, withAccountNumber(SUPPLIER, REJECTED)],
  ['beneficiary', '/v1/beneficiaries', BENEFICIARY, withAccountNumber(BENEFICIARY, REJECTED)],
  [
    'bank_account',
    '/v1/bank_accounts',
    BANK_ACCOUNT,
    { ...BANK_ACCOUNT, account_number: REJECTED },
  ],
] as const;

describe('bank account checks', () => {
  it.each(kinds)(
    'a %s starts pending_verification and is verified seconds later',
    async (kind, path, body) => {
      const created = await post(path, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.status).toBe('pending_verification');
      expect(await eventTypes()).toEqual([]);
      settle();
      expect((await get(`${path}/${created.body.id}`)).body.status).toBe('verified');
      expect(await eventTypes()).toEqual([`${kind}.verified`]);
    },
  );

  it.each(kinds)(
    'a %s shows the last four digits of the account number sent, never the number',
    async (kind, path, body) => {
      const sent =
        kind === 'bank_account'
          ? { ...body, account_number: '12345678' }
          : withAccountNumber(body as typeof SUPPLIER, '12345678');
      const created = await post(path, sent);
      const details = kind === 'bank_account' ? created.body : created.body.bank_account;
      expect(details).toMatchObject({ last4: '5678', bic: null });
      expect(JSON.stringify(created.body)).not.toContain('12345678');
    },
  );

  it.each(kinds)(
    'a %s with the rejected test account number is rejected seconds later',
    async (kind, path, _body, rejected) => {
      const created = await post(path, rejected);
      expect(created.body.status).toBe('pending_verification');
      settle();
      expect((await get(`${path}/${created.body.id}`)).body.status).toBe('rejected');
      expect(await eventTypes()).toEqual([`${kind}.rejected`]);
    },
  );

  it('pays a new supplier once it is verified, not before', async () => {
    const supplier = await post('/v1/suppliers', SUPPLIER);
    const payout = { supplier_id: supplier.body.id, amount: 96000, currency: 'GBP' };
    const early = await post('/v1/disbursements', payout);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      code: 'recipient_not_verified',
      param: 'supplier_id',
    });
    settle();
    const paid = await post('/v1/disbursements', payout);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it('checks the new bank details a rejected supplier is sent, and verifies them', async () => {
    const supplier = await post('/v1/suppliers', withAccountNumber(SUPPLIER, REJECTED));
    settle();
    const updated = await patch(`/v1/suppliers/${supplier.body.id}`, {
      bank_account: SUPPLIER.bank_account,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.status).toBe('pending_verification');
    settle();
    expect((await get(`/v1/suppliers/${supplier.body.id}`)).body.status).toBe('verified');
    expect(await eventTypes()).toEqual(['supplier.rejected', 'supplier.verified']);
  });

  it('decides by the latest details when they change while a check is under way', async () => {
    const supplier = await post('/v1/suppliers', withAccountNumber(SUPPLIER, REJECTED));
    await patch(`/v1/suppliers/${supplier.body.id}`, { bank_account: SUPPLIER.bank_account });
    settle();
    expect((await get(`/v1/suppliers/${supplier.body.id}`)).body.status).toBe('verified');
    expect(await eventTypes()).toEqual(['supplier.verified']);
  });

  it('leaves a supplier as it is when an update sends no bank details', async () => {
    const supplier = await post('/v1/suppliers', SUPPLIER);
    settle();
    const updated = await patch(`/v1/suppliers/${supplier.body.id}`, {
      email: 'finance@solmarhotels.example',
    });
    expect(updated.body.status).toBe('verified');
  });

  it('makes the first verified bank account of a currency its default', async () => {
    const euros = {
      account_holder_name: 'Harbour Lane Travel Ltd',
      currency: 'EUR',
      country: 'ES',
      iban: 'ES9121000418450200051332',
    };
    const first = await post('/v1/bank_accounts', euros);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.default_for_currency).toBe(false);
    settle();
    const second = await post('/v1/bank_accounts', euros);
    settle();
    expect((await get(`/v1/bank_accounts/${first.body.id}`)).body).toMatchObject({
      status: 'verified',
      default_for_currency: true,
    });
    expect((await get(`/v1/bank_accounts/${second.body.id}`)).body).toMatchObject({
      status: 'verified',
      default_for_currency: false,
    });
  });
});
