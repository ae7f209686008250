// What "Run in sandbox" adds to a test scenario's request: a fresh object to act on made first,
// requests that bring the answer to its outcome at once, and fields the API needs beside the
// trigger. tests/unit/console-flows.test.ts runs every scenario with them in the sandbox.
import type { FlowStepDefinition } from './flows';

/** A fresh charge authorised with a test card, for the scenarios that act on one. */
const authorisedCharge = (card: string, extra: Record<string, unknown>): FlowStepDefinition => ({
  name: 'charge',
  title: 'Create a charge to act on',
  operation: 'createCharge',
  body: {
    amount: 12500,
    currency: 'GBP',
    booking_id: 'bk_8Jd2kLq',
    tokenised_card_id: card,
    ...extra,
  },
});

/**
 * What the scenarios of an operation act on, made fresh before each run: without it a second
 * run would find the example object already captured, paid or closed.
 */
export const preparations: Record<
  string,
  { steps: FlowStepDefinition[]; carry: Record<string, string> }
> = {
  captureCharge: {
    steps: [authorisedCharge('tc_test_visa', { capture: false })],
    carry: { 'path.id': 'charge.id' },
  },
  cancelCharge: {
    steps: [authorisedCharge('tc_test_visa', { capture: false })],
    carry: { 'path.id': 'charge.id' },
  },
  incrementChargeAuthorisation: {
    steps: [authorisedCharge('tc_test_visa', { capture: false, extended_authorisation: true })],
    carry: { 'path.id': 'charge.id' },
  },
  testHelperAuthenticateCharge: {
    steps: [
      authorisedCharge('tc_test_authentication_required', {
        off_session: false,
        return_url: 'https://agent.example.com/checkout/complete',
      }),
    ],
    carry: { 'path.id': 'charge.id' },
  },
  createRefund: {
    steps: [authorisedCharge('tc_test_visa', {})],
    carry: { 'body.charge_id': 'charge.id' },
  },
  testHelperPayPaymentLink: {
    steps: [
      { name: 'link', title: 'Create a payment link to pay', operation: 'createPaymentLink' },
    ],
    carry: { 'path.id': 'link.id' },
  },
  testHelperPayEcommerceOrder: {
    steps: [{ name: 'order', title: 'Create an order to pay', operation: 'createEcommerceOrder' }],
    carry: { 'path.id': 'order.id' },
  },
  cancelPayout: {
    steps: [{ name: 'payout', title: 'Create a payout to cancel', operation: 'createPayout' }],
    carry: { 'path.id': 'payout.id' },
  },
  convertFxQuote: {
    steps: [{ name: 'quote', title: 'Create an FX quote to convert', operation: 'createFxQuote' }],
    carry: { 'path.id': 'quote.id' },
  },
  createScheduledPayment: {
    steps: [
      {
        name: 'booking',
        title: "Read the booking's departure date, the latest due date it allows",
        operation: 'retrieveBooking',
      },
    ],
    carry: { 'body.due_date': 'booking.departure_date' },
  },
  testHelperAuthoriseAispConsent: {
    steps: [
      { name: 'consent', title: 'Create a consent to answer', operation: 'createAispConsent' },
    ],
    carry: { 'path.id': 'consent.id' },
  },
  submitChargebackEvidence: {
    steps: [
      authorisedCharge('tc_test_dispute_fraudulent', {}),
      {
        name: 'chargebacks',
        title: 'Wait for its chargeback to open',
        operation: 'listChargebacks',
        carry: { 'query.charge_id': 'charge.id' },
        until: { field: 'data.0.id' },
      },
    ],
    carry: { 'path.id': 'chargebacks.data.0.id' },
  },
};

/**
 * What follows an operation's request to reach its scenarios' outcome at once: an instalment is
 * attempted on its due date, which the test helper brings forward, once per retry.
 */
export const followUps: Record<string, { steps: FlowStepDefinition[] }> = {
  createScheduledPayment: {
    steps: [
      {
        name: 'attempt',
        title: 'Attempt the instalment now, as on its due date',
        operation: 'testHelperAttemptScheduledPayment',
        carry: { 'path.id': 'request.id' },
        until: { field: 'status', notEquals: 'scheduled' },
      },
    ],
  },
};

/**
 * Fields the scenarios of an operation send besides their trigger, where the API needs them
 * together: an on-session charge names the page 3-D Secure returns to (off-session ones ignore it).
 */
export const scenarioFields: Record<string, Record<string, string>> = {
  createCharge: { 'body.return_url': 'https://agent.example.com/checkout/complete' },
};
