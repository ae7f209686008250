import { verificationMachine } from '../banking/verification';
import { requireCurrencyEnabled } from '../money/currency-flags';
import type { Machine } from './types';

const checked = verificationMachine('supplier', 'bank_account');

/**
 * Supplier: paid in a currency your organisation can pay out in, its bank account checked on
 * creation and whenever new details are sent.
 */
export const supplierMachine: Machine = {
  ...checked,
  async create(supplier, context) {
    await requireCurrencyEnabled(context, 'payouts_enabled');
    return checked.create!(supplier, context);
  },
};
