/** Every limit and timing of the sandbox, named once. */

/** Lifetime of an access token, and so of the sandbox it opens (the documented `expires_in`). */
export const TOKEN_LIFETIME_SECONDS = 3600;
/** A sandbox nobody has used for this long is dropped with everything in it. */
export const SANDBOX_IDLE_MS = 30 * 60 * 1000;
/** Most sandboxes held at once; one more closes the least recently used, if idle (below). */
export const MAX_SANDBOXES = 200;
/**
 * Most sandboxes one client holds: a minute of its token allowance (`sandboxesPerClient`).
 * Opening one more closes its own least recently used, never another client's, so filling them
 * all takes 20 clients.
 */
export const MAX_SANDBOXES_PER_CLIENT = 10;
/**
 * How long a sandbox must have gone unused before it closes to make room for another client's
 * when all are taken: a reader quiet this long has most likely left, while one closed sooner may
 * be between two steps of a guide. Until then new tokens are refused with 503 and Retry-After.
 */
export const SANDBOX_EVICTABLE_AFTER_MS = 10 * 60 * 1000;
/** Most objects one sandbox keeps (its own, not the shared sample data). */
export const MAX_OBJECTS_PER_SANDBOX = 500;
/** Most bytes of JSON one sandbox keeps across objects, deliveries and replays (all: 50 MiB); beyond them writes are refused. */
export const MAX_BYTES_PER_SANDBOX = 256 * 1024;
/** Most deliveries one sandbox's inbox keeps; older ones drop off the end. */
export const MAX_INBOX_DELIVERIES = 100;
/** How long an idempotency key is remembered (the documented 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 32 * 1024;
/** Longest a request body may take to arrive, so a slow sender holds nothing for long (408). */
export const BODY_TIMEOUT_MS = 10_000;
/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_JSON_DEPTH = 64;
/** Requests one client may send per second: the documented sandbox limit of a key pair. */
export const REQUESTS_PER_SECOND = 25;
/** Access tokens one client may request per minute: the documented limit of a key pair. */
export const TOKENS_PER_MINUTE = 10;
/** Requests of one client in progress at the same time, an open inbox stream each: the documented sandbox limit. */
export const CONCURRENT_REQUESTS = 10;
/** Most clients tracked by the rate limiter; the oldest windows are forgotten first. */
export const MAX_RATE_LIMIT_CLIENTS = 10_000;
/** Delay before an asynchronous step (a refund settling, a payout arriving) happens. */
export const ASYNC_STEP_DELAY_MS = 3000;
/** How long an uncaptured authorisation holds (the documented seven days). */
export const AUTHORISATION_HOLD_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an extended authorisation holds, or a Mastercard's holds after an increment (documented). */
export const EXTENDED_AUTHORISATION_HOLD_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the lapsing test card's authorisation holds in the sandbox (two minutes). */
export const LAPSING_AUTHORISATION_HOLD_MS = 2 * 60 * 1000;
/** How long a customer has to complete 3-D Secure (one hour after the charge). */
export const AUTHENTICATION_WINDOW_MS = 60 * 60 * 1000;
/** How long a consent's `authorisation_url` can be used before the consent expires (documented). */
export const AISP_AUTHORISATION_WINDOW_MS = 30 * 60 * 1000;
/** Balance reads of one account without its holder the sandbox's bank allows a day (documented). */
export const AISP_BALANCE_READS_PER_DAY = 4;
/** Days after the due date on which a declined instalment is tried again (documented). */
export const INSTALMENT_RETRY_DAYS = [1, 3, 5];
/** The time of day, in UTC, when instalments are collected (documented). */
export const INSTALMENT_COLLECTION_TIME = 'T08:00:00Z';
/** How long an FX quote's rate holds (documented: ten minutes). */
export const FX_QUOTE_LIFETIME_MS = 10 * 60 * 1000;
/** Kestrel Pay's margin on the mid-market rate of an FX quote, in basis points (documented). */
export const FX_MARKUP_BPS = 35;
/** The sandbox's fixed mid-market rates, per pound (documented on the Currencies page). */
export const SANDBOX_MID_MARKET_PER_GBP: Readonly<Record<string, number>> = {
  GBP: 1,
  EUR: 1.165,
  JPY: 190,
  USD: 1.27,
};
/** The sandbox acquirer's fee on a captured card payment, in basis points of its amount (documented). */
export const ACQUIRING_FEE_BPS = 150;
/** The card scheme's dispute fee, in minor units of the charge's currency, debited as a chargeback opens (documented). */
export const CHARGEBACK_FEE_AMOUNT = 1500;
/** The card scheme's arbitration fee, in minor units, added to a lost arbitration's fee (documented). */
export const ARBITRATION_FEE_AMOUNT = 40000;
/** Time a chargeback gives to answer with evidence (the documented seven days). */
export const EVIDENCE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the events endpoints return an event, delivered or not (the documented 30 days). */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** How often an open inbox stream checks for new deliveries. */
export const STREAM_POLL_MS = 1000;
/** How often an open inbox stream sends a comment to keep proxies from closing it. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** Longest an inbox stream stays open; clients reconnect with `Last-Event-ID`. */
export const STREAM_MAX_MS = 5 * 60 * 1000;
/**
 * Most inbox streams one instance holds open across all sandboxes; at the cap, a client holding
 * fewer than another takes the place of that client's oldest, which reconnects and loses nothing.
 */
export const MAX_OPEN_STREAMS = 200;
/** Most inbox streams one sandbox may hold open (a few tabs of the docs). */
export const MAX_STREAMS_PER_SANDBOX = 3;
/** Largest amount, in minor units by currency, for which each SCA exemption may be asked (documented). */
export const EXEMPTION_LIMITS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  low_value: { GBP: 2500, EUR: 3000 },
  transaction_risk_analysis: { GBP: 44000, EUR: 50000 },
};
/** The sandbox's one bank: where every bank account is held and every consent's holder banks (documented). */
export const SANDBOX_BANK_NAME = 'Northbridge Bank';
