// Who starts a card payment, under which stored agreement, and what the customer is asked to do
// about strong customer authentication: what the card schemes ask every payment to say.
import { SandboxError } from '../errors';
import { networkTransactionId } from '../ids';
import { EXEMPTION_LIMITS } from '../limits';
import type { Json } from '../machines/types';
import type { SandboxObject } from '../model';

/** A charge's `initiator` and `merchant_initiated_reason`, and whether it is off-session. */
export type Initiation = {
  offSession: boolean;
  initiator: 'customer_on_session' | 'moto' | 'merchant';
  merchantInitiatedReason: string | null;
};

/** The default reason of a charge you start, as Create a charge documents it. */
const DEFAULT_MERCHANT_REASON = 'unscheduled';

/**
 * How a charge request is initiated: on-session, a mail or telephone order, or by you for a
 * reason; refusing the combinations no card scheme has, such as a phone order on-session.
 */
export function initiationOf(body: Json): Initiation {
  const offSession = body.off_session !== false;
  const moto = body.moto === true;
  const reason = body.merchant_initiated_reason;
  if (moto && !offSession) {
    throw new SandboxError(
      'parameter_invalid',
      'moto can be true only with off_session true: a phone or mail order has no customer in your checkout.',
      'moto',
    );
  }
  if (reason !== undefined && (moto || !offSession)) {
    throw new SandboxError(
      'parameter_invalid',
      'merchant_initiated_reason applies only to a charge you start: off_session true and moto false.',
      'merchant_initiated_reason',
    );
  }
  for (const field of ['request_exemption', 'force_challenge'] as const) {
    if (offSession && body[field] !== undefined && body[field] !== false) {
      throw new SandboxError(
        'parameter_invalid',
        `${field} applies only with off_session false: only a customer in your checkout can be challenged or exempted.`,
        field,
      );
    }
  }
  if (!offSession)
    return { offSession, initiator: 'customer_on_session', merchantInitiatedReason: null };
  if (moto) return { offSession, initiator: 'moto', merchantInitiatedReason: null };
  return {
    offSession,
    initiator: 'merchant',
    merchantInitiatedReason: typeof reason === 'string' ? reason : DEFAULT_MERCHANT_REASON,
  };
}

/** Refuses an exemption asked for above its documented limit or in a currency without one. */
export function requireExemptionAllowed(body: Json) {
  const exemption = String(body.request_exemption);
  const limits = EXEMPTION_LIMITS[exemption];
  if (!limits) return;
  const limit = limits[String(body.currency)];
  if (limit === undefined || Number(body.amount) > limit) {
    const allowed = Object.entries(limits)
      .map(([currency, amount]) => `${amount} in ${currency}`)
      .join(' or ');
    throw new SandboxError(
      'parameter_invalid',
      `The ${exemption} exemption is for amounts of at most ${allowed}.`,
      'request_exemption',
    );
  }
}

/** The fields of `Initiation` as a charge shows them. */
export function initiationFields({ initiator, merchantInitiatedReason }: Initiation): Json {
  return { initiator, merchant_initiated_reason: merchantInitiatedReason };
}

/**
 * A charge's `stored_credential` when it uses a saved card: the agreement it was saved under,
 * flagged without its proof when the card holds no network transaction ID.
 */
export function subsequentUse(card: SandboxObject): Json {
  return {
    usage: 'subsequent',
    initial_network_transaction_id: card.network_transaction_id ?? null,
  };
}

/** The `stored_credential` of a hosted payment that saved its card with the customer's agreement. */
export const FIRST_USE = { usage: 'first', initial_network_transaction_id: null } as const;

/** The scheme's identifier once the issuer has answered an authorisation; `null` before. */
export function answeredBy(status: unknown, failureCode: unknown): string | null {
  const unanswered = status === 'requires_action' || failureCode === 'authentication_failed';
  return unanswered ? null : networkTransactionId();
}
