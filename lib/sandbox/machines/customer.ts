import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import type { Machine, RequestContext, SandboxContext } from './types';

/** Chargeback statuses that are still open. */
const OPEN_CHARGEBACKS = ['needs_response', 'under_review'];

/** Whether anything still needs the customer's data: a scheduled payment or an open chargeback. */
async function stillNeeded(customer: SandboxObject, context: SandboxContext): Promise<boolean> {
  const payments = await context.objects.all('scheduled_payment');
  if (payments.some((p) => p.customer_id === customer.id && p.status === 'scheduled')) return true;
  const chargesOfCustomer = new Set(
    (await context.objects.all('charge'))
      .filter((charge) => charge.customer_id === customer.id)
      .map((charge) => charge.id),
  );
  return (await context.objects.all('chargeback')).some(
    (chargeback) =>
      chargesOfCustomer.has(chargeback.charge_id) &&
      OPEN_CHARGEBACKS.includes(String(chargeback.status)),
  );
}

/**
 * Refuses a default card that is not an `active` card of this customer, as no charge could use
 * it; a `tc_test_` card pays for any customer's booking (Testing), so it may be anyone's default.
 */
async function requireOwnActiveCard(customer: SandboxObject, context: RequestContext) {
  const cardId = context.body.default_tokenised_card_id;
  if (typeof cardId !== 'string') return;
  // The reference check has already proved the card exists.
  const card = (await context.objects.find('tokenised_card', cardId))!;
  const everyones = context.model.unlisted.has(`tokenised_card/${cardId}`);
  const problem =
    card.customer_id !== customer.id && !everyones
      ? `belongs to ${String(card.customer_id)}`
      : card.status !== 'active'
        ? `is ${String(card.status)}`
        : undefined;
  if (!problem) return;
  throw new SandboxError(
    'parameter_invalid',
    `The default_tokenised_card_id parameter must name an active tokenised card of ${String(customer.id)}: ${cardId} ${problem}. Name one of the customer's active cards, or null to clear it.`,
    'default_tokenised_card_id',
  );
}

/** Customer: deleted with their saved cards, unless a scheduled payment or open chargeback needs them. */
export const customerMachine: Machine = {
  kind: 'customer',
  async create(customer) {
    // No card is charged by default until the customer saves one.
    customer.default_tokenised_card_id = null;
    return { object: customer, events: [] };
  },
  async update(customer, _before, context) {
    await requireOwnActiveCard(customer, context);
  },
  async remove(customer, context) {
    if (await stillNeeded(customer, context)) {
      throw new SandboxError(
        'customer_deletion_blocked',
        `The customer ${String(customer.id)} has a scheduled payment still scheduled or a chargeback still open.`,
      );
    }
    for (const card of await context.objects.all('tokenised_card')) {
      if (card.customer_id !== customer.id || card.status === 'deleted') continue;
      card.status = 'deleted';
      await context.objects.save(card);
    }
  },
};
