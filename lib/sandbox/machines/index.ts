import { aispBalanceMachine } from './aisp-balance';
import { aispConsentMachine } from './aisp-consent';
import { apiKeyMachine } from './api-key';
import { bankAccountMachine } from './bank-account';
import { beneficiaryMachine } from './beneficiary';
import { bookingMachine } from './booking';
import { bookingComponentMachine } from './booking-component';
import { chargeMachine } from './charge';
import { chargebackMachine } from './chargeback';
import { creditNoteMachine } from './credit-note';
import { customerMachine } from './customer';
import { disbursementMachine } from './disbursement';
import { ecommerceOrderMachine } from './ecommerce-order';
import { eventMachine } from './event';
import { fxQuoteMachine } from './fx-quote';
import { organisationMachine } from './organisation';
import { paymentLinkMachine } from './payment-link';
import { payoutMachine } from './payout';
import { refundMachine } from './refund';
import { scheduledPaymentMachine } from './scheduled-payment';
import { supplierMachine } from './supplier';
import { tokenisedCardMachine } from './tokenised-card';
import type { Machine } from './types';
import { webhookEndpointMachine } from './webhook-endpoint';

const MACHINES = new Map<string, Machine>(
  [
    aispBalanceMachine,
    aispConsentMachine,
    apiKeyMachine,
    bankAccountMachine,
    beneficiaryMachine,
    bookingComponentMachine,
    bookingMachine,
    chargeMachine,
    chargebackMachine,
    creditNoteMachine,
    customerMachine,
    disbursementMachine,
    ecommerceOrderMachine,
    eventMachine,
    fxQuoteMachine,
    organisationMachine,
    paymentLinkMachine,
    payoutMachine,
    refundMachine,
    scheduledPaymentMachine,
    supplierMachine,
    tokenisedCardMachine,
    webhookEndpointMachine,
  ].map((machine) => [machine.kind, machine]),
);

/** The documented lifecycle of a kind of object, and the rules it follows. */
export function machineOf(kind: string): Machine | undefined {
  return MACHINES.get(kind);
}
