// The objects a payment names (its booking, its card), held to what a payment needs, and a
// captured amount recorded: its transaction, and the balance it settles into.
import { SandboxError } from '../errors';
import type { RequestContext, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { moveBalance } from '../money/balance';
import { cardBrandOf, settleFunds } from '../money/funds';
import { recordTransaction } from '../money/settlements';
import type { FundsMove } from '../store/types';

/** The object a body field names; the reference check has already proved it exists. */
export async function referenced(context: RequestContext, field: string): Promise<SandboxObject> {
  const id = context.body[field];
  const object = typeof id === 'string' ? await context.objects.findById(id) : undefined;
  if (!object) throw new SandboxError('parameter_invalid', `No such object: ${String(id)}.`, field);
  return object;
}

/** Refuses a booking that can no longer take payments. */
export function requireOpenBooking(booking: SandboxObject, field = 'booking_id') {
  if (booking.status === 'cancelled') {
    throw new SandboxError('booking_cancelled', `The booking ${booking.id} is cancelled.`, field);
  }
}

/** Refuses an amount in another currency than the booking's or charge's. */
export function requireCurrency(object: SandboxObject, currency: unknown) {
  if (currency !== undefined && currency !== object.currency) {
    throw new SandboxError(
      'currency_mismatch',
      `The currency must be ${String(object.currency)}, that of ${String(object.id)}.`,
      'currency',
    );
  }
}

/**
 * The card a payment uses: the one named, which the document's rules have already held to the
 * booking's customer and to `active`; else the customer's default, refused when it is not active.
 */
export async function usableCard(
  context: RequestContext,
  field: string,
  customerId: unknown,
): Promise<SandboxObject> {
  let cardId = context.body[field];
  if (cardId === undefined) {
    const customer = await context.objects.find('customer', String(customerId));
    cardId = customer?.default_tokenised_card_id ?? undefined;
    if (typeof cardId !== 'string') {
      throw new SandboxError(
        'parameter_missing',
        `The ${field} parameter is required: the customer has no default payment method.`,
        field,
      );
    }
  }
  const card = await context.objects.find('tokenised_card', String(cardId));
  if (!card || card.status !== 'active') {
    throw new SandboxError(
      'payment_method_unusable',
      `The ${field} parameter names a card that is not active: ${String(cardId)} is ${String(card?.status ?? 'deleted')}.`,
      field,
    );
  }
  return card;
}

/** Refuses an amount below the currency's documented minimum charge. */
export async function requireMinimum(context: RequestContext, amount: unknown, currency: unknown) {
  const details = await context.objects.find('currency', String(currency));
  const minimum = Number(details?.minimum_charge_amount ?? 0);
  if (typeof amount === 'number' && amount < minimum) {
    throw new SandboxError(
      'amount_too_small',
      `The amount must be at least ${minimum} in ${String(currency)}.`,
      'amount',
    );
  }
}

/**
 * Records `amount` captured of a charge: its transaction, and the pending balance, settled
 * seconds later; its booking's `amount_paid` follows from its charges (derivations.ts).
 */
export async function recordPayment(
  context: SandboxContext,
  charge: SandboxObject,
  amount: number,
  into?: FundsMove['into'],
) {
  const [source, currency] = [String(charge.id), String(charge.currency)];
  await moveBalance(context, currency, 'pending', amount, {
    type: 'charge',
    source,
    description: `Charge ${source} captured`,
  });
  const transaction = await recordTransaction(context, {
    type: 'charge',
    source,
    amount,
    currency,
    cardBrand: cardBrandOf(charge),
  });
  await settleFunds(context, charge.booking_id, transaction, into);
}
