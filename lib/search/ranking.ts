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

/** What the ranking reads of a record, lower-cased once when the index is built. */
type RankedRecord = { type: SearchRecord['type']; heading: string; text: string };

/** A record's own heading (its name, its section's title or its page's title), and its text. */
const rankedRecord = (record: SearchRecord): RankedRecord => ({
  type: record.type,
  heading: (record.name ?? record.hierarchy.at(-1) ?? '').toLowerCase(),
  text: record.content.toLowerCase(),
});

/** Ids of the records the query names exactly: by promotion rank, at most a few fields. */
function promotedIds(
  exact: Map<string, number>,
  byId: Map<string, RankedRecord>,
  byScore: (a: string, b: string) => number,
): string[] {
  const named = [...exact.keys()].sort((a, b) => exact.get(a)! - exact.get(b)! || byScore(a, b));
  const fields = named.filter((id) => ['field', 'parameter'].includes(byId.get(id)?.type ?? ''));
  return named.filter((id) => !fields.includes(id) || fields.indexOf(id) < MOST_PROMOTED_FIELDS);
}

/**
 * The ranking of `records`' hits. A query's matches can be a thousand records, and each is
 * read for the query's phrase: their headings and texts are lower-cased here, once.
 */
export function createRanking(records: SearchRecord[]) {
  const byId = new Map(records.map((record) => [record.objectID, rankedRecord(record)]));

  /**
   * The ids of the records in the order shown: those the query names exactly, then, for a
   * query that reads as code, those quoting it verbatim, then the rest by score, where holding
   * the query as a phrase counts extra.
   */
  return function rankedIds(
    query: string,
    results: SearchResult[],
    exact: Map<string, number>,
  ): string[] {
    const phrase = query.trim().toLowerCase().replace(/\s+/g, ' ');
    const isPhrase = phrase.includes(' ');
    const scored = results.map((result) => {
      const id = String(result.id);
      const record = byId.get(id);
      let factor = 1;
      if (record && isPhrase && record.heading.includes(phrase)) factor = PHRASE_BOOST.heading;
      else if (record && isPhrase && record.text.includes(phrase)) factor = PHRASE_BOOST.text;
      return { id, score: result.score * factor };
    });
    const scores = new Map(scored.map(({ id, score }) => [id, score]));
    const byScore = (a: string, b: string) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0);
    const promoted = promotedIds(exact, byId, byScore);
    const first = new Set(promoted);
    const rest = scored.filter(({ id }) => !first.has(id));
    // The index returns its results by score already; only a phrase's factors reorder them.
    if (isPhrase) rest.sort((a, b) => b.score - a.score);
    if (!IDENTIFIER.test(phrase)) return [...promoted, ...rest.map(({ id }) => id)];
    // An identifier has no space, so it is quoted in the heading or in the text, not across.
    const quoting: string[] = [];
    const others: string[] = [];
    for (const { id } of rest) {
      const record = byId.get(id);
      const quotes = record?.heading.includes(phrase) || record?.text.includes(phrase);
      (quotes ? quoting : others).push(id);
    }
    return [...promoted, ...quoting, ...others];
  };
}
