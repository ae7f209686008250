import { hostedPageUrl } from '../hosted-urls';
import { payHostedPage } from '../payments/hosted';
import {
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
} from '../payments/references';
import { timestamp } from '../time';
import { expiryStep } from '../transitions/expiry';
import { refuseIfScenarioErrs } from '../transitions/outcome';
import type { Machine } from './types';

/**
 * Ecommerce order: open on the hosted checkout until paid (a test helper in the sandbox), or
 * expired early on request or when its `expires_at` passes.
 */
export const ecommerceOrderMachine: Machine = {
  kind: 'ecommerce_order',
  async create(order, context) {
    refuseIfScenarioErrs(context);
    const booking = await referenced(context, 'booking_id');
    requireOpenBooking(booking);
    requireCurrency(booking, context.body.currency);
    await requireMinimum(context, order.amount, order.currency);
    Object.assign(order, {
      customer_id: booking.customer_id,
      status: 'open',
      charge_id: null,
      tokenised_card_id: null,
      checkout_url: hostedPageUrl('ecommerce_order', order.id),
    });
    return {
      object: order,
      events: [],
      later: expiryStep(order, context, 'ecommerce_order.expired'),
    };
  },
  actions: {
    async expire(order, context) {
      Object.assign(order, { status: 'expired', expires_at: timestamp(context.now) });
      return { object: order, events: ['ecommerce_order.expired'] };
    },
    pay: payHostedPage,
  },
};
