import { eitherSpelling } from './synonyms';
import { normalizeTerm, WORD_CHARACTERS, type QueryTerm } from './terms';

/** A field of a hit with its matches wrapped in the highlight tags (the protocol's shape). */
export type Highlighted = {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  /** The query terms found in the field. */
  matchedWords: string[];
};

/** The query term a word matched and how much of it to mark: all of it, or the typed prefix. */
type WordMatch = { term: string; length: number } | null;
const WHOLE_WORD = Infinity;

/** True when `a` turns into `b` with at most `limit` insertions, deletions or substitutions. */
function withinEdits(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    if (Math.min(...current) > limit) return false;
    previous = current;
  }
  return previous[b.length]! <= limit;
}

/**
 * How a word matches, by the index's own rules: a word equal to a query term, to another form
 * of it or to one of its synonyms is marked whole; one that starts with a query term allowed to
 * match as a prefix is marked up to that prefix; one the index matched within a term's typo
 * tolerance is marked whole.
 */
function matchWord(word: string, terms: QueryTerm[], typoMatches: ReadonlySet<string>): WordMatch {
  let prefix: QueryTerm | undefined;
  for (const query of terms) {
    if (query.term === word || query.forms.includes(word)) {
      return { term: query.term, length: WHOLE_WORD };
    }
    if (query.synonyms.some((phrase) => phrase.includes(word))) {
      return { term: query.term, length: WHOLE_WORD };
    }
    const longer = query.term.length > (prefix?.term.length ?? 0);
    if (query.prefix && longer && word.startsWith(query.term)) prefix = query;
  }
  if (prefix) return { term: prefix.term, length: prefix.term.length };
  if (!typoMatches.has(word)) return null;
  const typo = terms.find(({ term, typos }) => typos > 0 && withinEdits(word, term, typos));
  return typo ? { term: typo.term, length: WHOLE_WORD } : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How a written word can begin when it reads as `term` ("currencies" for "currency"). */
const writtenStem = (term: string) => (term.endsWith('y') ? term.slice(0, -1) : term);

/**
 * A pattern finding, in one native scan, the whole words that could match: words starting
 * with a query term, one of its forms or synonyms, or a word the index matched, spelt either
 * way. Only those are judged word by word; matches start at word boundaries, so a one-letter
 * term is never marked inside a word.
 */
function candidatePattern(terms: QueryTerm[], indexMatches: ReadonlySet<string>): RegExp | null {
  const words = terms.flatMap(({ term, forms, synonyms }) => [term, ...forms, ...synonyms.flat()]);
  const stems = new Set([...words, ...indexMatches].map(writtenStem));
  stems.delete('');
  if (stems.size === 0) return null;
  const alternatives = [...stems].map((stem) => eitherSpelling(escapeRegExp(stem))).join('|');
  return new RegExp(`(?<!${WORD_CHARACTERS})(?:${alternatives})${WORD_CHARACTERS}*`, 'giu');
}

/**
 * A function that wraps the words of a text matching the query's `terms` in the highlight tags.
 * `indexMatches` are the words the index matched for the hits (its typo matches among them):
 * only those are checked for typos, which keeps highlighting cheap.
 */
export function highlighter(
  terms: QueryTerm[],
  { pre, post }: { pre: string; post: string },
  indexMatches: ReadonlySet<string>,
) {
  const distinctTerms = new Set(terms.map(({ term }) => term)).size;
  const pattern = candidatePattern(terms, indexMatches);
  // The same words recur across the fields and hits of one answer: each is judged once.
  const judged = new Map<string, WordMatch>();
  const judge = (written: string) => {
    let match = judged.get(written);
    if (match === undefined) {
      match = matchWord(normalizeTerm(written), terms, indexMatches);
      judged.set(written, match);
    }
    return match;
  };

  return (text: string): Highlighted => {
    if (!pattern) return { value: text, matchLevel: 'none', matchedWords: [] };
    const matchedWords = new Set<string>();
    const value = text.replace(pattern, (word) => {
      const match = judge(word);
      if (!match) return word;
      matchedWords.add(match.term);
      const end = Math.min(word.length, match.length);
      return `${pre}${word.slice(0, end)}${post}${word.slice(end)}`;
    });
    if (matchedWords.size === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
    const matchLevel = matchedWords.size === distinctTerms ? 'full' : 'partial';
    return { value, matchLevel, matchedWords: [...matchedWords] };
  };
}
