import { bookingMachine } from './booking';
import { chargeMachine } from './charge';
import { chargebackMachine } from './chargeback';
import { disbursementMachine } from './disbursement';
import { ecommerceOrderMachine } from './ecommerce-order';
import { paymentLinkMachine } from './payment-link';
import { refundMachine } from './refund';
import { scheduledPaymentMachine } from './scheduled-payment';
import type { Machine } from './types';
import { webhookEndpointMachine } from './webhook-endpoint';

const MACHINES = new Map<string, Machine>(
  [
    bookingMachine,
    chargeMachine,
    refundMachine,
    chargebackMachine,
    disbursementMachine,
    ecommerceOrderMachine,
    scheduledPaymentMachine,
    paymentLinkMachine,
    webhookEndpointMachine,
  ].map((machine) => [machine.kind, machine]),
);

/** The documented lifecycle of a kind of object, for the core money flows. */
export function machineOf(kind: string): Machine | undefined {
  return MACHINES.get(kind);
}
