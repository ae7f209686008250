// The `card` a charge shows: a saved card's or a typed test card's details and checks, and how
// the payment met strong customer authentication (`three_d_secure`).
import type { Json } from '../machines/types';
import type { SandboxObject } from '../model';

/** The protocol version the sandbox's issuers run 3-D Secure with, as the examples show. */
const THREE_D_SECURE_VERSION = '2.2.0';

/** `card.three_d_secure` for each way a payment meets strong customer authentication. */
export const THREE_D_SECURE = {
  /** A merchant-initiated charge of a saved card, out of scope. */
  notRequired: { result: 'not_required', exemption: null, version: null, liability_shift: false },
  /** The issuer authenticated the customer, with a challenge or without one. */
  authenticated: {
    result: 'authenticated',
    exemption: null,
    version: THREE_D_SECURE_VERSION,
    liability_shift: true,
  },
  /** The issuer granted the exemption asked for, so the customer was not challenged. */
  exempted: {
    result: 'exempted',
    exemption: 'transaction_risk_analysis',
    version: THREE_D_SECURE_VERSION,
    liability_shift: false,
  },
  /** The issuer does not take part in 3-D Secure; the card scheme answered for it. */
  attempted: {
    result: 'attempted',
    exemption: null,
    version: THREE_D_SECURE_VERSION,
    liability_shift: true,
  },
  /** The customer failed or abandoned the challenge. */
  failed: {
    result: 'failed',
    exemption: null,
    version: THREE_D_SECURE_VERSION,
    liability_shift: false,
  },
} as const;

/** How one payment met strong customer authentication, or `null` while it has not. */
export type ThreeDSecure = {
  result: string;
  exemption: string | null;
  version: string | null;
  liability_shift: boolean;
} | null;

/** The `card` of a charge of a saved card: its details and checks; no security code is sent. */
export function savedCardDetails(card: SandboxObject, threeDSecure: ThreeDSecure): Json {
  const checks = (card.checks ?? {}) as Json;
  return {
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    funding: card.funding,
    country: card.country,
    checks: { ...checks, cvc_check: 'not_provided' },
    three_d_secure: threeDSecure,
    wallet: null,
  };
}

// Test card numbers by their first digit: the scheme, and the kind of account behind it.
const SCHEMES: Record<string, { brand: string; funding: string }> = {
  '2': { brand: 'mastercard', funding: 'credit' },
  '3': { brand: 'amex', funding: 'credit' },
  '4': { brand: 'visa', funding: 'debit' },
  '5': { brand: 'mastercard', funding: 'credit' },
};

/** How many years ahead the expiry date of a typed test card lies. */
const TEST_CARD_YEARS_VALID = 3;

/**
 * The `card` of a payment with a test card number typed on a hosted page: a UK card whose
 * expiry date (December, three years ahead, unless the card's scenario needs another), security
 * code and address the page fills in, so every check passes except the security code of the card
 * that tests `incorrect_cvc`.
 */
export function typedCardDetails(
  number: string,
  failureCode: string | null,
  threeDSecure: ThreeDSecure,
  now: number,
  expiry?: { exp_month: number; exp_year: number },
): Json {
  const scheme = SCHEMES[number[0] ?? ''] ?? SCHEMES['4']!;
  return {
    ...scheme,
    last4: number.slice(-4),
    ...(expiry ?? {
      exp_month: 12,
      exp_year: new Date(now).getUTCFullYear() + TEST_CARD_YEARS_VALID,
    }),
    country: 'GB',
    checks: {
      cvc_check: failureCode === 'incorrect_cvc' ? 'fail' : 'pass',
      address_line1_check: 'pass',
      address_postal_code_check: 'pass',
    },
    three_d_secure: threeDSecure,
    wallet: null,
  };
}
