// A query's terms as a MiniSearch query tree: each term, or one of its forms or synonyms.
import type { Query } from 'minisearch';
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

/** One term: itself (as a prefix, within its typos), or another form, or a synonym phrase. */
function termQuery({ term, prefix, known, typos, forms, synonyms }: QueryTerm): Query {
  const fuzzy = known ? TYPO_WEIGHT.known : TYPO_WEIGHT.unknown;
  const alternatives: Query[] = [
    { queries: [term], prefix, fuzzy: typos, weights: { fuzzy, prefix: PREFIX_WEIGHT } },
  ];
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
