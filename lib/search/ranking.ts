// The order of hits: what the query names exactly, then records quoting an identifier verbatim,
// then everything else by relevance, records holding the query's words as a phrase first.
import type { SearchResult } from 'minisearch';
import type { SearchRecord } from './records';

/** Most records named exactly as a common field (`status`, `amount`) that go before the rest. */
const MOST_PROMOTED_FIELDS = 3;
/** A query that reads as code: `card_declined`, `refund.succeeded`, `Idempotency-Key`. */
const IDENTIFIER = /^\w+(?:[._-]\w+)+$/;
/** Score factors for a record holding the whole query as a phrase in a heading or its text. */
const PHRASE_BOOST = { heading: 3, text: 1.5 };

/** A record's own heading: its name, its section's title or its page's title. */
const headingOf = (record: SearchRecord) =>
  (record.name ?? record.hierarchy.at(-1) ?? '').toLowerCase();
const textOf = (record: SearchRecord) => record.content.toLowerCase();

/** Ids of the records the query names exactly: by promotion rank, at most a few fields. */
function promotedIds(
  exact: Map<string, number>,
  byId: Map<string, SearchRecord>,
  byScore: (a: string, b: string) => number,
): string[] {
  const named = [...exact.keys()].sort((a, b) => exact.get(a)! - exact.get(b)! || byScore(a, b));
  const fields = named.filter((id) => ['field', 'parameter'].includes(byId.get(id)?.type ?? ''));
  return named.filter((id) => !fields.includes(id) || fields.indexOf(id) < MOST_PROMOTED_FIELDS);
}

/**
 * The ids of the records in the order shown: those the query names exactly, then, for a query
 * that reads as code, those quoting it verbatim, then the rest by score, where holding the
 * query as a phrase counts extra.
 */
export function rankedIds(
  query: string,
  results: SearchResult[],
  exact: Map<string, number>,
  byId: Map<string, SearchRecord>,
): string[] {
  const phrase = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const isPhrase = phrase.includes(' ');
  const score = new Map<string, number>();
  for (const result of results) {
    const record = byId.get(String(result.id));
    let factor = 1;
    if (record && isPhrase && headingOf(record).includes(phrase)) factor = PHRASE_BOOST.heading;
    else if (record && isPhrase && textOf(record).includes(phrase)) factor = PHRASE_BOOST.text;
    score.set(String(result.id), result.score * factor);
  }
  const byScore = (a: string, b: string) => (score.get(b) ?? 0) - (score.get(a) ?? 0);
  const promoted = promotedIds(exact, byId, byScore);
  const first = new Set(promoted);
  const rest = [...score.keys()].filter((id) => !first.has(id));
  if (isPhrase) rest.sort(byScore);
  if (!IDENTIFIER.test(phrase)) return [...promoted, ...rest];
  const quoting = rest.filter((id) => {
    const record = byId.get(id);
    return record !== undefined && `${headingOf(record)} ${textOf(record)}`.includes(phrase);
  });
  const quoted = new Set(quoting);
  return [...promoted, ...quoting, ...rest.filter((id) => !quoted.has(id))];
}
