// A query's terms as a MiniSearch query tree: each term, or one of its forms or synonyms.
import type { Query, SearchResult } from 'minisearch';
import type { QueryTerm } from './terms';

/** Terms arrive folded already; the index must not fold them again. */
const asFolded = (term: string) => term;

/**
 * How much a word matched within a term's typos counts: little when the term is itself a word
 * of the docs (the reader meant it), nearly fully when it is not (the reader mistyped).
 */
const TYPO_WEIGHT = { known: 0.3, unknown: 0.9 };
/** How much a longer word matched by a typed prefix counts (MiniSearch's own default). */
const PREFIX_WEIGHT = 0.375;

/** The weight MiniSearch gives a longer word found by a prefix, the longer the less. */
const prefixWeight = (prefix: string) => (word: string) =>
  (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - prefix.length));

/** One term: itself (as a prefix, within its typos), or another form, or a synonym phrase. */
function termQuery({ term, prefix, known, typos, forms, synonyms, expansions }: QueryTerm): Query {
  const fuzzy = known ? TYPO_WEIGHT.known : TYPO_WEIGHT.unknown;
  const alternatives: Query[] = [
    {
      queries: [term],
      prefix: prefix && !expansions,
      fuzzy: typos,
      weights: { fuzzy, prefix: PREFIX_WEIGHT },
    },
  ];
  // A prefix with too many completions is searched as its most used ones, weighted alike.
  if (expansions?.length) {
    alternatives.push({
      queries: expansions,
      combineWith: 'OR',
      prefix: false,
      fuzzy: false,
      boostTerm: prefixWeight(term),
    });
  }
  if (forms.length) {
    alternatives.push({ queries: forms, combineWith: 'OR', prefix: false, fuzzy: false });
  }
  for (const phrase of synonyms) {
    alternatives.push({ queries: phrase, combineWith: 'AND', prefix: false, fuzzy: false });
  }
  return alternatives.length === 1
    ? alternatives[0]!
    : { queries: alternatives, combineWith: 'OR' };
}

/** The index query for the terms: any of them may match, each adding to the score. */
export function indexQuery(terms: QueryTerm[]): Query {
  return { queries: terms.map(termQuery), combineWith: 'OR', processTerm: asFolded };
}

/**
 * The results scored as if the index had expanded every prefix itself: it multiplies a score
 * by the query terms matched, and the words a prefix was expanded to count as that one term.
 */
export function scoredAsTyped(results: SearchResult[], terms: QueryTerm[]): SearchResult[] {
  const typed = new Map(
    terms.flatMap(({ term, expansions }) => (expansions ?? []).map((word) => [word, term])),
  );
  if (typed.size === 0) return results;
  for (const result of results) {
    const matched = new Set(result.queryTerms.map((word) => typed.get(word) ?? word)).size;
    result.score = (result.score / Math.max(1, result.queryTerms.length)) * Math.max(1, matched);
  }
  return results.sort((a, b) => b.score - a.score);
}
