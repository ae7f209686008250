/**
 * How text becomes search terms, shared by the index and the highlighter so a word is marked
 * exactly when the index matched it.
 */

/** Words are split at spaces and punctuation (MiniSearch's own rule). */
export const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
/** One character of a word, as a pattern source for the highlighter. */
export const WORD_CHARACTERS = '[^\\n\\r\\p{Z}\\p{P}]';

/** Lower-cases and folds English plurals, so "refunds" and "refnd" meet at "refund". */
export function normalizeTerm(term: string): string {
  const word = term.toLowerCase().replace(/['’]s$/, '');
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|us)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * The word being typed (the last) matches as a prefix, and so does any word of three letters
 * or more; earlier short words ("a", "to") would match nearly every record as prefixes.
 */
export function matchesAsPrefix(term: string, position: number, terms: string[]): boolean {
  return position === terms.length - 1 || term.length > 2;
}

/** Edits allowed between a query term and a word: one typo in words longer than three letters. */
export function typoTolerance(term: string): number {
  return term.length > 3 ? 1 : 0;
}

export type QueryTerm = { term: string; prefix: boolean; typos: number };

/** The terms of a query as the index reads them, each with how loosely it may match. */
export function queryTerms(query: string): QueryTerm[] {
  const terms = query.split(WORD_SEPARATOR).map(normalizeTerm).filter(Boolean);
  return terms.map((term, position) => ({
    term,
    prefix: matchesAsPrefix(term, position, terms),
    typos: typoTolerance(term),
  }));
}
