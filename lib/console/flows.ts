// The runnable flows of the Quickstart and the payment guides. Each step names an operation of
// the document and the values it carries from earlier answers; tests/unit/console-flows.test.ts
// holds them to the document and runs every one in the sandbox.

import type { Until } from './spec';

/** One request of a flow, written against the document. */
export type FlowStepDefinition = {
  /** What later steps call its answer: `booking` makes `booking.id` available. */
  name: string;
  title: string;
  /** The operationId of the request. */
  operation: string;
  /** The body sent; without one, the operation's documented example. */
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** Where earlier answers' values go: `{ "body.booking_id": "booking.id", "path.id": "link.id" }`. */
  carry?: Record<string, string>;
  /** For asynchronous outcomes: repeat until this answer field has a value, or this value. */
  until?: Until;
};

export type FlowDefinition = { title: string; steps: FlowStepDefinition[] };

const token: FlowStepDefinition = {
  name: 'token',
  title: 'Exchange the sandbox keys for a token',
  operation: 'createAccessToken',
};

const customer: FlowStepDefinition = {
  name: 'customer',
  title: 'Create a customer',
  operation: 'createCustomer',
  body: { name: 'Amelia Hart', email: 'amelia.hart@example.com', phone: '+447700900417' },
};

const booking: FlowStepDefinition = {
  name: 'booking',
  title: 'Create a booking',
  operation: 'createBooking',
  body: {
    reference: 'KP-2026-00417',
    total_amount: 184000,
    currency: 'GBP',
    departure_date: '2026-07-18',
    return_date: '2026-07-25',
  },
  carry: { 'body.customer_id': 'customer.id' },
};

const depositLink: FlowStepDefinition = {
  name: 'link',
  title: 'Create a payment link for the deposit',
  operation: 'createPaymentLink',
  body: {
    amount: 36800,
    currency: 'GBP',
    description: 'Deposit for Mallorca, 18 to 25 July 2026',
    save_card: true,
  },
  carry: { 'body.booking_id': 'booking.id' },
};

const payLinkByCard: FlowStepDefinition = {
  name: 'payment',
  title: 'Pay the link with the Visa test card',
  operation: 'testHelperPayPaymentLink',
  body: { payment_method_type: 'card', card_number: '4111111111111111', save_card: true },
  carry: { 'path.id': 'link.id' },
};

/** A charge of `card` on the flow's booking. */
const chargeWith = (card: string, title: string): FlowStepDefinition => ({
  name: 'charge',
  title,
  operation: 'createCharge',
  body: { amount: 36800, currency: 'GBP', tokenised_card_id: card, description: 'Deposit' },
  carry: { 'body.booking_id': 'booking.id' },
});

/** Every flow a page can run with `<SandboxFlow flow="…" />`. */
export const flows = {
  quickstart: {
    title: 'Quickstart: from token to first payment',
    steps: [
      token,
      customer,
      booking,
      depositLink,
      payLinkByCard,
      {
        name: 'paid',
        title: 'Retrieve the paid link',
        operation: 'retrievePaymentLink',
        carry: { 'path.id': 'link.id' },
      },
    ],
  },
  'payment-link': {
    title: 'Take a payment with a payment link',
    steps: [
      token,
      customer,
      booking,
      depositLink,
      payLinkByCard,
      {
        name: 'position',
        title: 'Read what the booking still owes',
        operation: 'retrieveBooking',
        carry: { 'path.id': 'booking.id' },
      },
    ],
  },
  'saved-card': {
    title: 'Save a card, then charge it',
    steps: [
      token,
      customer,
      booking,
      depositLink,
      payLinkByCard,
      {
        name: 'balance',
        title: 'Charge the balance to the saved card',
        operation: 'createCharge',
        body: { amount: 147200, currency: 'GBP', description: 'Balance' },
        carry: {
          'body.booking_id': 'booking.id',
          'body.tokenised_card_id': 'payment.tokenised_card_id',
        },
      },
    ],
  },
  'hosted-checkout': {
    title: 'Take an ecommerce payment on the hosted page',
    steps: [
      token,
      customer,
      booking,
      {
        name: 'order',
        title: 'Create the order',
        operation: 'createEcommerceOrder',
        body: {
          amount: 36800,
          currency: 'GBP',
          return_url: 'https://agent.example.com/bookings/KP-2026-00417/paid',
          save_card: true,
        },
        carry: { 'body.booking_id': 'booking.id' },
      },
      {
        name: 'payment',
        title: 'Pay on the hosted page with the Visa test card',
        operation: 'testHelperPayEcommerceOrder',
        body: { payment_method_type: 'card', card_number: '4111111111111111', save_card: true },
        carry: { 'path.id': 'order.id' },
      },
      {
        name: 'completed',
        title: 'Retrieve the completed order',
        operation: 'retrieveEcommerceOrder',
        carry: { 'path.id': 'order.id' },
      },
    ],
  },
  refund: {
    title: 'Refund part of a payment',
    steps: [
      token,
      customer,
      booking,
      chargeWith('tc_test_visa', 'Charge the test Visa card'),
      {
        name: 'refund',
        title: 'Refund part of the charge',
        operation: 'createRefund',
        body: { amount: 4500, reason: 'requested_by_customer' },
        carry: { 'body.charge_id': 'charge.id' },
      },
      {
        name: 'settled',
        title: 'Wait for the refund to settle',
        operation: 'retrieveRefund',
        carry: { 'path.id': 'refund.id' },
        until: { field: 'status', equals: 'succeeded' },
      },
    ],
  },
  chargeback: {
    title: 'Win a chargeback',
    steps: [
      token,
      customer,
      booking,
      chargeWith('tc_test_dispute_fraudulent', 'Charge a card whose holder will dispute'),
      {
        name: 'chargebacks',
        title: 'Find the chargeback when it opens',
        operation: 'listChargebacks',
        carry: { 'query.charge_id': 'charge.id' },
        until: { field: 'data.0.id' },
      },
      {
        name: 'evidence',
        title: 'Submit winning evidence',
        operation: 'submitChargebackEvidence',
        body: { evidence: { explanation: 'sandbox_winning_evidence' }, submit: true },
        carry: { 'path.id': 'chargebacks.data.0.id' },
      },
      {
        name: 'closed',
        title: 'Wait for the decision',
        operation: 'retrieveChargeback',
        carry: { 'path.id': 'chargebacks.data.0.id' },
        until: { field: 'status', equals: 'won' },
      },
    ],
  },
} satisfies Record<string, FlowDefinition>;

export type FlowName = keyof typeof flows;
export const FLOW_NAMES = Object.keys(flows) as [FlowName, ...FlowName[]];
