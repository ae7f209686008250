// The words integrators type that the docs write otherwise: American spellings of the docs'
// British ones, and synonyms the docs do not use. Spellings are folded in the index and the
// query alike; synonyms widen a query only.

/** Whole words spelt differently in American English, by their British form. */
const AMERICAN_WORDS: Record<string, string> = {
  installment: 'instalment',
  fulfill: 'fulfil',
  fulfillment: 'fulfilment',
  enrollment: 'enrolment',
  honor: 'honour',
  color: 'colour',
  behavior: 'behaviour',
  favorite: 'favourite',
  catalog: 'catalogue',
  center: 'centre',
};
/** `-ize`, `-ization`, `-izing` and a typed `-iz`: after three letters, so "size" stays. */
const IZE = /^([a-z]{3,})iz(e|ed|es|er|ers|ing|ation|ations)?$/;
const YZE = /^([a-z]{3,})yz(e|ed|es|er|ers|ing)$/;
/** Words whose final `l` doubles in British English before a suffix: "canceled", "traveler". */
const DOUBLED_L = /^(cancel|travel|label|model|signal|total|level|channel)(ed|ing|er|ers|ation)$/;

/** The British spelling the docs use for a lower-case word: "authorize" → "authorise". */
export function britishSpelling(word: string): string {
  const listed = AMERICAN_WORDS[word];
  if (listed) return listed;
  if (IZE.test(word)) return word.replace(IZE, '$1is$2');
  if (YZE.test(word)) return word.replace(YZE, '$1ys$2');
  if (DOUBLED_L.test(word)) return word.replace(DOUBLED_L, '$1l$2');
  return word;
}

/**
 * A pattern source matching a British word as written either way, so the highlighter finds
 * "Authorization" for "authorisation": `is` may be `iz`, `ll` may be `l`, `our` may be `or`.
 * It only finds candidates; each is then judged by its folded spelling.
 */
export function eitherSpelling(escapedWord: string): string {
  return escapedWord.replace(/is/g, 'i[sz]').replace(/ll/g, 'll?').replace(/our/g, 'ou?r');
}

/**
 * What a term may also be found as, each a phrase of words as written. Keys and phrases are in
 * their folded form (singular, British).
 */
const SYNONYMS: Record<string, string[]> = {
  payout: ['disbursement', 'settlement'],
  disbursement: ['payout'],
  settlement: ['payout'],
  void: ['cancel'],
  dispute: ['chargeback'],
  chargeback: ['dispute'],
  reversal: ['refund'],
  reverse: ['refund'],
  subscription: ['scheduled payment', 'instalment'],
  recurring: ['scheduled payment'],
  vendor: ['supplier'],
  merchant: ['organisation'],
  mit: ['merchant-initiated'],
  phone: ['moto'],
  telephone: ['moto'],
  arrive: ['no-show'],
  cof: ['tokenised card'],
  wallet: ['apple pay', 'google pay'],
  payee: ['beneficiary'],
  '3d': ['3-d secure'],
  '3ds': ['3-d secure'],
  '3dsecure': ['3-d secure'],
  '3ds2': ['3-d secure'],
  sca: ['3-d secure'],
  idempotent: ['idempotency'],
  throttle: ['rate limit'],
  throttling: ['rate limit'],
  paginate: ['pagination'],
  paging: ['pagination'],
  intent: ['charge'],
  paymentintent: ['charge'],
  preauth: ['authorisation'],
  preauthorisation: ['authorisation'],
  signing: ['signature'],
  guest: ['traveller', 'customer'],
  passenger: ['traveller', 'customer'],
  traveller: ['customer'],
  reservation: ['booking'],
  trip: ['booking'],
  credential: ['api key'],
};

/** The phrases a folded query term may also be found as, each split into words. */
export function synonymsOf(term: string): string[] {
  return SYNONYMS[term] ?? [];
}
