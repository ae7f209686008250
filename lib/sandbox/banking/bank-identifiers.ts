// What names a bank account in each currency: a sort code and account number for GBP, an IBAN
// for every other.
import { SandboxError } from '../errors';
import { subjectOf } from '../validation-messages';

/** The one currency whose accounts are named by a sort code and an account number (documented). */
const SORT_CODE_CURRENCY = 'GBP';
const SORT_CODE_IDENTIFIERS = ['sort_code', 'account_number'];
/** What names an account in every other currency. */
const IBAN_IDENTIFIERS = ['iban'];

/**
 * Refuses bank details that lack the identifiers of their currency or carry the other kind: a
 * sort code and account number for `GBP`, an IBAN for every other currency. `prefix` is where
 * the details are sent, such as `bank_account.`, so the refusal names the field as sent.
 */
export function requireIdentifiersOf(currency: string, sent: Record<string, unknown>, prefix = '') {
  const sortCoded = currency === SORT_CODE_CURRENCY;
  const [needed, foreign] = sortCoded
    ? [SORT_CODE_IDENTIFIERS, IBAN_IDENTIFIERS]
    : [IBAN_IDENTIFIERS, SORT_CODE_IDENTIFIERS];
  const send = `send ${needed.map((field) => `${prefix}${field}`).join(' and ')}`;
  const missing = needed.find((field) => sent[field] === undefined);
  if (missing) {
    throw new SandboxError(
      'parameter_missing',
      `${subjectOf(`${prefix}${missing}`)} is required for ${currency} accounts: ${send}.`,
      `${prefix}${missing}`,
    );
  }
  const misplaced = foreign.find((field) => sent[field] !== undefined);
  if (misplaced) {
    const accounts = sortCoded
      ? `accounts in currencies other than ${SORT_CODE_CURRENCY}`
      : `${SORT_CODE_CURRENCY} accounts only`;
    throw new SandboxError(
      'parameter_invalid',
      `${subjectOf(`${prefix}${misplaced}`)} is for ${accounts}: for ${currency}, ${send}.`,
      `${prefix}${misplaced}`,
    );
  }
}
