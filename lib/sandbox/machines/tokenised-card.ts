import { SandboxError } from '../errors';
import type { Machine } from './types';

/** Tokenised card: deleted unless a scheduled payment will charge it; no longer anyone's default. */
export const tokenisedCardMachine: Machine = {
  kind: 'tokenised_card',
  async remove(card, context) {
    const payments = await context.objects.all('scheduled_payment');
    if (payments.some((p) => p.tokenised_card_id === card.id && p.status === 'scheduled')) {
      throw new SandboxError(
        'tokenised_card_in_use',
        `A scheduled payment will charge ${String(card.id)}. Move it to another card or cancel it first.`,
      );
    }
    const customer = await context.objects.find('customer', String(card.customer_id));
    if (customer && customer.default_tokenised_card_id === card.id) {
      customer.default_tokenised_card_id = null;
      await context.objects.save(customer);
    }
  },
};
