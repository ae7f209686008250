// What integrators type into the search, and where each query should lead. A query is found
// when any of its expected places is among the first five hits: a page (any hit on it counts)
// or a section, endpoint, code, event, field or scenario (that anchor exactly).

export type RelevanceQuery = { query: string; expected: string[] };

const q = (query: string, ...expected: string[]): RelevanceQuery => ({ query, expected });

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Codes, events and field names, as copied from a response or a log.
  q('card_declined', '/resources/enums#chargefailurecode', '/changelog#2026-03-01'),
  q('refund.succeeded', '/webhooks#event-refund-succeeded'),
  q('capture_before', '/resources/charges#charge-capture_before'),
  q(
    'extended_authorisation',
    '/resources/charges#create-a-charge-extended_authorisation',
    '/resources/charges#charge-extended_authorisation',
  ),
  q('final_capture', '/resources/charges#capture-a-charge-final_capture'),
  q('Charge.capture_before', '/resources/charges#charge-capture_before'),
  q('idempotency_key_reused', '/errors#idempotency_key_reused'),
  q('insufficient_funds', '/resources/enums#chargefailurecode'),
  q('charge.failed', '/webhooks#event-charge-failed'),
  q('token_expired', '/errors#token_expired'),
  q('rate_limit_exceeded', '/errors#rate_limit_exceeded'),
  q('charge_not_capturable', '/errors#charge_not_capturable'),
  q('do_not_honour', '/resources/enums#chargefailurecode'),
  q('chargeback.created', '/webhooks#event-chargeback-created'),
  q('payment_link.paid', '/webhooks#event-payment_link-paid'),
  q(
    'tokenised_card_id',
    '/resources/charges#charge-tokenised_card_id',
    '/resources/charges#create-a-charge-tokenised_card_id',
  ),
  q('starting_after', '/pagination#list-parameters', '/pagination'),
  q('next_action', '/resources/charges#charge-next_action'),
  q('Idempotency-Key', '/idempotency'),
  q('Kestrel-Signature', '/webhooks#verifying-signatures', '/guides/verify-webhook-signatures'),
  q('tc_test_insufficient_funds', '/testing#saved-card-insufficient-funds'),
  q('4000000000030017', '/testing#hosted-3ds-passed'),
  q('amount_refunded', '/resources/charges#charge-amount_refunded'),
  q(
    'evidence.explanation',
    '/resources/chargebacks#submit-evidence-evidence-explanation',
    '/resources/chargebacks#submit-evidence',
  ),

  // Tasks, in the reader's words.
  q(
    'authorise now capture later',
    '/categories/accept-payments#authorise-now-capture-later',
    '/resources/charges#authorise-then-capture-or-cancel',
  ),
  q('list transactions for a booking', '/resources/transactions#list-transactions'),
  q(
    'hold a hotel deposit for 30 days',
    '/resources/charges#holds-that-last-extended-authorisations',
  ),
  q(
    'add minibar extras to an authorisation',
    '/resources/charges#increment-an-authorisation',
    '/resources/charges#holds-that-last-extended-authorisations',
  ),
  q('capture part of a payment', '/resources/charges#capture-in-parts'),
  q('send airline ticket number with a payment', '/resources/charges#travel-data'),
  q(
    'add hotel folio to a charge',
    '/resources/charges#travel-data',
    '/resources/charges#update-a-charge',
  ),
  q(
    'charge a guest who did not arrive',
    '/resources/tokenised-cards#who-starts-a-payment',
    '/testing#merchant-initiated-no-show',
  ),
  q(
    'take a card payment over the phone',
    '/resources/tokenised-cards',
    '/resources/charges#create-a-charge-moto',
  ),
  q(
    'reconcile payouts',
    '/guides/reconcile-settlements',
    '/resources/acquirer-settlement#reconciling-a-settlement',
  ),
  q(
    'verify webhook signature',
    '/webhooks#verifying-signatures',
    '/guides/verify-webhook-signatures',
  ),
  q('partial refund', '/resources/refunds#create-a-refund', '/resources/refunds'),
  q('refund a charge', '/resources/refunds#create-a-refund', '/guides/refund-a-payment'),
  q('retry a failed request', '/errors#retrying-safely', '/guides/handle-errors-and-retries'),
  q(
    'get an access token',
    '/authentication#getting-a-token',
    '/authentication#create-an-access-token',
  ),
  q('rotate api keys', '/guides/generate-api-keys#step-4-rotate-a-pair-without-downtime'),
  q('fetch every page of a list', '/pagination#fetching-every-page'),
  q('save a card for later', '/guides/save-a-card'),
  q(
    'send a payment link',
    '/guides/payment-links',
    '/resources/payment-links#create-a-payment-link',
  ),
  q('pay a supplier', '/guides/pay-suppliers', '/resources/disbursements#create-a-disbursement'),
  q('respond to a chargeback', '/guides/respond-to-chargebacks'),
  q('submit evidence', '/resources/chargebacks#submit-evidence'),
  q('cancel a booking', '/resources/bookings#cancel-a-booking'),
  q('test 3-D Secure', '/3d-secure#test-3-d-secure', '/testing#3-d-secure'),
  q('go live checklist', '/guides/go-live-checklist'),
  q('duplicate webhook events', '/webhooks#ordering-and-duplicates'),
  q('install the sdk', '/sdk/getting-started#install'),
  q('create a customer', '/resources/customers#create-a-customer'),
  q('how long does a token last', '/authentication#token-lifetime-and-refresh'),
  q('missed webhooks', '/webhooks#recovering-missed-events'),
  q('who changed a supplier bank account', '/resources/audit'),
  q(
    'issue a credit note',
    '/resources/credit-notes#create-a-credit-note',
    '/resources/credit-notes',
  ),
  q('upgrade api version', '/changelog#upgrading'),
  q('rate limit headers', '/rate-limits#rate-limit-headers'),
  q(
    'available balance',
    '/resources/ledger#retrieve-the-balance',
    '/resources/ledger#pending-and-available',
  ),

  // British and American spellings.
  q(
    'authorize a payment',
    '/resources/charges#authorise-then-capture-or-cancel',
    '/categories/accept-payments#authorise-now-capture-later',
  ),
  q('tokenize a card', '/resources/tokenised-cards', '/guides/save-a-card'),
  q('canceled charge', '/resources/charges#cancel-a-charge', '/webhooks#event-charge-cancelled'),
  q('organization', '/resources/organisations'),
  q(
    'installment plan',
    '/resources/scheduled-payments',
    '/categories/accept-payments#deposits-and-instalments',
  ),
  q('do not honor', '/resources/enums#chargefailurecode'),
  q('authorization expired', '/resources/enums#chargefailurecode', '/testing#authorisation-lapses'),
  q(
    'incremental authorization',
    '/resources/charges#increment-an-authorisation',
    '/resources/charges#holds-that-last-extended-authorisations',
  ),
  q('partial capture', '/resources/charges#capture-in-parts'),
  q(
    'cancelation reason',
    '/resources/enums#chargecancellationreason',
    '/resources/charges#cancel-a-charge-cancellation_reason',
  ),
  q("update a traveler's details", '/resources/customers#update-a-customer'),

  // Words the docs do not use.
  q('payouts to suppliers', '/resources/disbursements', '/guides/pay-suppliers'),
  q('settlement report', '/resources/acquirer-settlement', '/guides/reconcile-settlements'),
  q('void a charge', '/resources/charges#cancel-a-charge'),
  q(
    'void an authorization',
    '/resources/charges#cancel-a-charge',
    '/resources/charges#authorise-then-capture-or-cancel',
  ),
  q('dispute', '/resources/chargebacks'),
  q('win a dispute', '/guides/respond-to-chargebacks', '/resources/chargebacks'),
  q('dispute evidence', '/resources/chargebacks#submit-evidence'),
  q('recurring payments', '/resources/scheduled-payments'),
  q('subscription', '/resources/scheduled-payments'),
  q('payment intent', '/resources/charges'),
  q('vendor payment', '/resources/disbursements', '/guides/pay-suppliers', '/resources/suppliers'),
  q('3ds', '/3d-secure'),
  q(
    'moto',
    '/resources/tokenised-cards#who-starts-a-payment',
    '/resources/charges#create-a-charge-moto',
  ),
  q('no-show fee', '/resources/tokenised-cards', '/testing#merchant-initiated-no-show'),
  q(
    'mail order telephone order',
    '/resources/tokenised-cards#who-starts-a-payment',
    '/resources/charges#create-a-charge-moto',
  ),
  q('lodging data', '/resources/charges#travel-data'),
  q('level 3 data', '/resources/charges#travel-data'),
  q(
    'recurring merchant_initiated_reason',
    '/resources/tokenised-cards#who-starts-a-payment',
    '/resources/charges#create-a-charge-merchant_initiated_reason',
    '/resources/enums#chargemerchantinitiatedreason',
  ),
  q(
    'network transaction id',
    '/resources/tokenised-cards#stored-credentials-and-network-transaction-ids',
  ),
  q('apple pay', '/3d-secure#apple-pay-and-google-pay'),
  q('sca exemption', '/3d-secure#ask-for-an-exemption-or-a-challenge', '/3d-secure'),
  q('throttling', '/rate-limits'),
  q('idempotent requests', '/idempotency'),

  // Typing mistakes.
  q('chargebak', '/resources/chargebacks'),
  q('idempotncy', '/idempotency'),
  q('webhok signature', '/webhooks#verifying-signatures', '/guides/verify-webhook-signatures'),
  q('paginaton', '/pagination'),
  q('authentcation', '/authentication'),
  q('disbursment', '/resources/disbursements'),
  q('refnd a charge', '/resources/refunds#create-a-refund', '/guides/refund-a-payment'),
  q('captur a charge', '/resources/charges#capture-a-charge'),
];
