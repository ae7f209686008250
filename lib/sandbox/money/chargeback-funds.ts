// A chargeback's money: its disputed amount debited as it opens and given back when it is won,
// each recorded as a transaction the acquirer settles, and the card scheme's fees.
import type { SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { moveBalance } from './balance';
import { cardBrandOf, settledAs, settleFunds, takeFromBooking } from './funds';
import { recordTransaction, settleTransaction } from './settlements';

/**
 * Debits a chargeback's disputed amount from `pending` as it opens, and at once nets it from a
 * settlement, as the acquirer deducts it (the customer money held for the booking first); its
 * dispute fee is taken from `available` outside the settlement.
 */
export async function debitChargeback(
  context: SandboxContext,
  chargeback: SandboxObject,
  { amount, fee, currency }: { amount: number; fee: number; currency: string },
) {
  const transaction = await chargebackTransaction(
    context,
    chargeback,
    'chargeback',
    -amount,
    currency,
  );
  await settleTransaction(context, transaction, async (cause) => {
    await moveBalance(context, currency, 'pending', amount, cause);
    return takeFromBooking(context, chargeback.booking_id, amount, currency, cause);
  });
  await takeFee(context, fee, currency, chargeback);
}

/**
 * Moves a chargeback's amount in `pending` (taken as it opens, given back when it is won) and
 * records the move as the transaction the acquirer settles.
 */
async function chargebackTransaction(
  context: SandboxContext,
  chargeback: SandboxObject,
  type: 'chargeback' | 'chargeback_reversal',
  amount: number,
  currency: string,
) {
  const source = String(chargeback.id);
  const description = `Chargeback ${source} ${type === 'chargeback' ? 'opened' : 'won'}`;
  await moveBalance(context, currency, 'pending', amount, { type, source, description });
  const charge = await context.objects.find('charge', String(chargeback.charge_id));
  return recordTransaction(context, {
    type,
    source,
    amount,
    currency,
    cardBrand: cardBrandOf(charge),
  });
}

/** Debits a fee charged outside a settlement, such as a dispute fee, from `available`. */
export async function takeFee(
  context: SandboxContext,
  amount: number,
  currency: string,
  chargeback: SandboxObject,
) {
  const settled = await settledAs(context, amount, currency);
  await moveBalance(context, settled.currency, 'available', -settled.amount, {
    type: 'fee',
    source: String(chargeback.id),
    description: `Card scheme fee for ${String(chargeback.id)}`,
  });
}

/**
 * Returns a won chargeback's disputed amount: credited to `pending` at once, it settles seconds
 * later like a captured charge, reserved again until departure when funds are held until travel.
 */
export async function returnChargeback(context: SandboxContext, chargeback: SandboxObject) {
  const [amount, currency] = [Number(chargeback.amount), String(chargeback.currency)];
  const transaction = await chargebackTransaction(
    context,
    chargeback,
    'chargeback_reversal',
    amount,
    currency,
  );
  await settleFunds(context, chargeback.booking_id, transaction);
}
