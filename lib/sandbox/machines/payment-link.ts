import { SandboxError } from '../errors';
import { hostedPageUrl } from '../hosted-urls';
import { payHostedPage } from '../payments/hosted';
import {
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
} from '../payments/references';
import { expiryStep } from '../transitions/expiry';
import { refuseIfScenarioErrs } from '../transitions/outcome';
import type { Machine } from './types';

function requireActive(status: unknown) {
  if (status !== 'active') {
    throw new SandboxError(
      'payment_link_not_active',
      `The payment link is ${String(status)}, not active.`,
    );
  }
}

/**
 * Payment link: active until paid on the hosted page (a test helper in the sandbox), deactivated,
 * or expired when its `expires_at` passes.
 */
export const paymentLinkMachine: Machine = {
  kind: 'payment_link',
  async create(link, context) {
    refuseIfScenarioErrs(context);
    const booking = await referenced(context, 'booking_id');
    requireOpenBooking(booking);
    requireCurrency(booking, context.body.currency);
    await requireMinimum(context, link.amount, link.currency);
    Object.assign(link, {
      customer_id: booking.customer_id,
      status: 'active',
      charge_id: null,
      tokenised_card_id: null,
      url: hostedPageUrl('payment_link', link.id),
    });
    return { object: link, events: [], later: expiryStep(link, context, 'payment_link.expired') };
  },
  async update(_link, before) {
    requireActive(before.status);
  },
  actions: {
    pay: payHostedPage,
  },
};
