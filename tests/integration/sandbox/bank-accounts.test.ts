import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// Your own bank accounts as the Bank page and their endpoints describe them: identifiers that
// follow the currency, one default per currency that another verified account can take over,
// and deletion for good, except of the default of a currency you hold a balance in.
const { post, get, patch, remove, settle } = sandboxForEachTest();

/** The story's verified GBP account, the default of a currency the story's balance holds. */
const STORY_DEFAULT = 'ba_5Ke7Fp';

const GBP_ACCOUNT = {
  account_holder_name: 'Harbour Lane Travel Ltd',
  currency: 'GBP',
  country: 'GB',
  sort_code: '20-45-77',
  account_number: '40118823',
};
/** An account in a currency the story's balance never holds. */
const USD_ACCOUNT = {
  account_holder_name: 'Harbour Lane Travel Ltd',
  currency: 'USD',
  country: 'IE',
  iban: 'IE29AIBK93115212345678',
  bic: 'AIBKIE2D',
};

/** A new account of the body's currency, verified. */
async function verifiedAccount(body: Record<string, unknown>) {
  const created = await post('/v1/bank_accounts', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  settle();
  return (await get(`/v1/bank_accounts/${created.body.id}`)).body;
}

const defaultOf = async (id: string) =>
  (await get(`/v1/bank_accounts/${id}`)).body.default_for_currency;

describe('the identifiers of a bank account', () => {
  it('requires sort_code and account_number for a GBP account', async () => {
    for (const field of ['sort_code', 'account_number']) {
      const body: Record<string, unknown> = { ...GBP_ACCOUNT };
      delete body[field];
      const refused = await post('/v1/bank_accounts', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_missing', param: field });
      expect(refused.body.error.message).toContain('GBP');
    }
  });

  it('refuses sort_code and account_number in any currency but GBP', async () => {
    for (const field of ['sort_code', 'account_number']) {
      const refused = await post('/v1/bank_accounts', {
        ...USD_ACCOUNT,
        [field]: GBP_ACCOUNT[field as 'sort_code' | 'account_number'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: field });
    }
    expect((await post('/v1/bank_accounts', USD_ACCOUNT)).status).toBe(201);
  });

  it('requires an iban in every currency but GBP, and refuses one for GBP', async () => {
    const withoutIban: Record<string, unknown> = { ...USD_ACCOUNT };
    delete withoutIban.iban;
    const missing = await post('/v1/bank_accounts', withoutIban);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'iban' });
    const misplaced = await post('/v1/bank_accounts', { ...GBP_ACCOUNT, iban: USD_ACCOUNT.iban });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.error).toMatchObject({ code: 'parameter_invalid', param: 'iban' });
  });
});

describe('the default account of a currency', () => {
  it('moves to a verified account set as the default, leaving the previous one', async () => {
    const account = await verifiedAccount(GBP_ACCOUNT);
    expect(account.default_for_currency).toBe(false);
    const moved = await patch(`/v1/bank_accounts/${account.id}`, { default_for_currency: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.default_for_currency).toBe(true);
    expect(await defaultOf(STORY_DEFAULT)).toBe(false);
    const defaults = (await get('/v1/bank_accounts?currency=GBP')).body.data as {
      id: string;
      default_for_currency: boolean;
    }[];
    expect(defaults.filter((other) => other.default_for_currency).map(({ id }) => id)).toEqual([
      account.id,
    ]);
    // Payouts in the currency now go to the new default.
    const payout = await post('/v1/payouts', { amount: 10000, currency: 'GBP' });
    expect(payout.body.bank_account_id).toBe(account.id);
  });

  it('cannot be switched off directly: default_for_currency false is refused', async () => {
    const refused = await patch(`/v1/bank_accounts/${STORY_DEFAULT}`, {
      default_for_currency: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'default_for_currency',
    });
    expect(await defaultOf(STORY_DEFAULT)).toBe(true);
  });

  it('refuses to make an account that is not verified the default', async () => {
    const pending = await post('/v1/bank_accounts', GBP_ACCOUNT);
    const early = await patch(`/v1/bank_accounts/${pending.body.id}`, {
      default_for_currency: true,
    });
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      code: 'bank_account_not_verified',
      param: 'default_for_currency',
    });
    const rejected = await verifiedAccount({ ...GBP_ACCOUNT, account_number: '00000000' });
    expect(rejected.status).toBe('rejected');
    const refused = await patch(`/v1/bank_accounts/${rejected.id}`, {
      default_for_currency: true,
    });
    expect(refused.body.error.code).toBe('bank_account_not_verified');
    expect(await defaultOf(STORY_DEFAULT)).toBe(true);
  });
});

describe('deleting a bank account', () => {
  it('removes it for good: it answers 404 and payouts no longer go to it', async () => {
    const account = await verifiedAccount(GBP_ACCOUNT);
    await patch(`/v1/bank_accounts/${account.id}`, { default_for_currency: true });
    await patch(`/v1/bank_accounts/${STORY_DEFAULT}`, { default_for_currency: true });
    const deleted = await remove(`/v1/bank_accounts/${account.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ id: account.id, object: 'bank_account', deleted: true });
    const read = await get(`/v1/bank_accounts/${account.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('resource_missing');
    const listed = (await get('/v1/bank_accounts')).body.data as { id: string }[];
    expect(listed.map(({ id }) => id)).not.toContain(account.id);
    const reinstated = await patch(`/v1/bank_accounts/${account.id}`, {
      default_for_currency: true,
    });
    expect(reinstated.status).toBe(404);
    const payout = await post('/v1/payouts', { amount: 10000, currency: 'GBP' });
    expect(payout.body.bank_account_id).toBe(STORY_DEFAULT);
  });

  it('refuses to delete the default account of a currency you hold a balance in', async () => {
    const refused = await remove(`/v1/bank_accounts/${STORY_DEFAULT}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('bank_account_is_default');
    expect((await get(`/v1/bank_accounts/${STORY_DEFAULT}`)).status).toBe(200);
    // Once another verified account is the default, the old one can go.
    const account = await verifiedAccount(GBP_ACCOUNT);
    await patch(`/v1/bank_accounts/${account.id}`, { default_for_currency: true });
    expect((await remove(`/v1/bank_accounts/${STORY_DEFAULT}`)).status).toBe(200);
  });

  it('deletes the default account of a currency you hold no balance in', async () => {
    const account = await verifiedAccount(USD_ACCOUNT);
    expect(account.default_for_currency).toBe(true);
    expect((await remove(`/v1/bank_accounts/${account.id}`)).status).toBe(200);
  });
});
