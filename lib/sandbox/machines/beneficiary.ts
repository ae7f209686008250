import { verificationMachine } from '../banking/verification';
import type { Machine } from './types';

/**
 * Beneficiary: someone you disburse to, its bank account checked on creation and whenever new
 * details are sent.
 */
export const beneficiaryMachine: Machine = verificationMachine('beneficiary', 'bank_account');
