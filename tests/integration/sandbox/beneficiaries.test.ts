import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// Beneficiaries as the Beneficiaries page and their endpoints describe them: bank identifiers
// that follow the currency, a country taken from the bank account, and disbursements refused
// until the account is verified, again after new bank details.
const { post, get, patch, settle } = sandboxForEachTest();

const BENEFICIARY = {
  type: 'individual',
  name: 'Priya Raman',
  currency: 'GBP',
  bank_account: {
    account_holder_name: 'Priya Raman',
    sort_code: '30-90-12',
    account_number: '62019457',
  },
};
const EURO_BENEFICIARY = {
  type: 'business',
  name: 'Viajes Lumbre S.L.',
  currency: 'EUR',
  bank_account: { account_holder_name: 'Viajes Lumbre S.L.', iban: 'ES9121000418450200051332' },
};

const disburse = (beneficiaryId: string) =>
  post('/v1/disbursements', { beneficiary_id: beneficiaryId, amount: 15000, currency: 'GBP' });

describe('the bank account of a beneficiary', () => {
  it('requires bank_account.sort_code and bank_account.account_number for GBP', async () => {
    for (const field of ['sort_code', 'account_number']) {
      const bankAccount: Record<string, unknown> = { ...BENEFICIARY.bank_account };
      delete bankAccount[field];
      const refused = await post('/v1/beneficiaries', {
        ...BENEFICIARY,
        bank_account: bankAccount,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'parameter_missing',
        param: `bank_account.${field}`,
      });
    }
  });

  it('refuses bank_account.sort_code and bank_account.account_number in any currency but GBP', async () => {
    for (const field of ['sort_code', 'account_number'] as const) {
      const refused = await post('/v1/beneficiaries', {
        ...EURO_BENEFICIARY,
        bank_account: {
          ...EURO_BENEFICIARY.bank_account,
          [field]: BENEFICIARY.bank_account[field],
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'parameter_invalid',
        param: `bank_account.${field}`,
      });
    }
    expect((await post('/v1/beneficiaries', EURO_BENEFICIARY)).status).toBe(201);
  });

  it('refuses new details in an update that lack the identifiers of its currency', async () => {
    const created = await post('/v1/beneficiaries', BENEFICIARY);
    const refused = await patch(`/v1/beneficiaries/${created.body.id}`, {
      bank_account: EURO_BENEFICIARY.bank_account,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'bank_account.sort_code',
    });
  });

  it('gives a beneficiary sent without a country the country of its bank account', async () => {
    const british = await post('/v1/beneficiaries', BENEFICIARY);
    expect(british.body).toMatchObject({ country: 'GB', bank_account: { country: 'GB' } });
    const spanish = await post('/v1/beneficiaries', EURO_BENEFICIARY);
    expect(spanish.body).toMatchObject({ country: 'ES', bank_account: { country: 'ES' } });
    const resident = await post('/v1/beneficiaries', { ...EURO_BENEFICIARY, country: 'PT' });
    expect(resident.body).toMatchObject({ country: 'PT', bank_account: { country: 'ES' } });
  });
});

describe('paying a beneficiary', () => {
  it('refuses a disbursement to a beneficiary until it is verified', async () => {
    const created = await post('/v1/beneficiaries', BENEFICIARY);
    expect(created.body.status).toBe('pending_verification');
    const early = await disburse(created.body.id);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      code: 'recipient_not_verified',
      param: 'beneficiary_id',
    });
    settle();
    expect((await get(`/v1/beneficiaries/${created.body.id}`)).body.status).toBe('verified');
    const paid = await disburse(created.body.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it('refuses a disbursement to a rejected beneficiary', async () => {
    const created = await post('/v1/beneficiaries', {
      ...BENEFICIARY,
      bank_account: { ...BENEFICIARY.bank_account, account_number: '00000000' },
    });
    settle();
    const refused = await disburse(created.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('recipient_not_verified');
  });

  it('replaces the bank details of a verified beneficiary and refuses to pay it until they are verified', async () => {
    const created = await post('/v1/beneficiaries', BENEFICIARY);
    settle();
    expect((await disburse(created.body.id)).status).toBe(201);
    const updated = await patch(`/v1/beneficiaries/${created.body.id}`, {
      bank_account: {
        account_holder_name: 'Priya Raman',
        sort_code: '40-05-20',
        account_number: '81736402',
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.status).toBe('pending_verification');
    expect(updated.body.bank_account).toMatchObject({ sort_code: '40-05-20', last4: '6402' });
    const refused = await disburse(created.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'recipient_not_verified',
      param: 'beneficiary_id',
    });
    settle();
    expect((await get(`/v1/beneficiaries/${created.body.id}`)).body.status).toBe('verified');
    expect((await disburse(created.body.id)).status).toBe(201);
  });
});
