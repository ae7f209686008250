/**
 * How text becomes search terms, shared by the index and the highlighter so a word is marked
 * exactly when the index matched it.
 */
import { britishSpelling, synonymsOf } from './synonyms';

/** Words are split at spaces and punctuation (MiniSearch's own rule). */
export const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
/** One character of a word, as a pattern source for the highlighter. */
export const WORD_CHARACTERS = '[^\\n\\r\\p{Z}\\p{P}]';

/** `ChargeFailureCode` → `Charge`, `Failure`, `Code`: the humps of a name written in camel case. */
const CAMEL_HUMP = /(?<=\p{Ll})(?=\p{Lu})/u;

/**
 * The words of an indexed text: split at spaces and punctuation, and a camel-case name also
 * into its parts, so "cancellation reason" finds `ChargeCancellationReason`.
 */
export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATOR).flatMap((word) => {
    const humps = word.split(CAMEL_HUMP);
    return humps.length > 1 ? [word, ...humps] : [word];
  });
}

/** Folds English plurals, so "refunds" and "refnd" meet at "refund". */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|us)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Lower-cases, folds plurals and American spellings: "Authorizations" → "authorisation". */
export function normalizeTerm(term: string): string {
  return britishSpelling(singular(term.toLowerCase().replace(/['’]s$/, '')));
}

/**
 * The word being typed (the last) matches as a prefix, and so does any word of three letters
 * or more; earlier short words ("a", "to") would match nearly every record as prefixes.
 */
export function matchesAsPrefix(term: string, position: number, terms: string[]): boolean {
  return position === terms.length - 1 || term.length > 2;
}

/**
 * Edits allowed between a query term and a word: one typo in words of five letters or more,
 * two in a word of six or more that the docs do not have ("refudn" swaps two letters).
 */
export function typoTolerance(term: string, known = true): number {
  if (!known && term.length > 5) return 2;
  return term.length > 4 ? 1 : 0;
}

/** Endings that change a word's form but not its meaning, longest first. */
const INFLECTION = /(ations?|ing|ed|er|e)$/;
const ENDINGS = ['ed', 'ing', 'ation', 'er'];

/**
 * The other forms of a word, as the index holds them: "captured" → "capture", "capturing";
 * "authorise" → "authorisation"; "cancelled" → "cancel", "cancellation". A form is the stem
 * (four letters or more) with one ending, so "charge" never reaches "chargeback".
 */
export function inflectionsOf(term: string): string[] {
  const stripped = term.replace(INFLECTION, '');
  const stem = stripped.replace(/([bdglmnprt])\1$/, '$1');
  if (stem === term || stem.length < 4) return [];
  // "cancel" → "cancelled": a final consonant after a vowel may double before an ending.
  const doubled = /[aeiou][bdglmnprt]$/.test(stem) ? [`${stem}${stem.at(-1)}`] : [];
  const forms = [
    stem,
    `${stem}e`,
    ...[stem, ...doubled].flatMap((base) => ENDINGS.map((ending) => `${base}${ending}`)),
  ];
  return [...new Set(forms)].filter((form) => form !== term);
}

/** Words a query can leave out: they match nearly every record and decide nothing. */
const STOP_WORDS = new Set(
  'a an the to for of in on at by with and or how do does did i my me we our you your can is are be what when why which it its from into this that'.split(
    ' ',
  ),
);

/** Most words of one query that are searched: the first ones and the word being typed. */
export const MAX_QUERY_TERMS = 6;
/** Most longer words one typed prefix is searched as; a shorter prefix keeps its most used. */
export const MAX_PREFIX_EXPANSIONS = 10;

/** What the terms read of the index's words: which it has, and which start with a prefix. */
export type TermSource = {
  knows: (term: string, asPrefix: boolean) => boolean;
  completions: (prefix: string, limit: number, kept: (word: string) => boolean) => string[] | null;
};

/** Any word is known and no prefix needs bounding: terms read without an index. */
const ANY_WORD: TermSource = { knows: () => true, completions: () => null };

export type QueryTerm = {
  term: string;
  prefix: boolean;
  /** True when the index has the word (or, for a prefix, a word starting with it). */
  known: boolean;
  typos: number;
  /** Other forms of the word, each found as a whole word. */
  forms: string[];
  /** Phrases it may also be found as, each as folded words. */
  synonyms: string[][];
  /** For a prefix with too many completions, the only longer words it is searched as. */
  expansions: string[] | null;
};

/** The folded words of a text, stop words left out unless nothing else is left. */
function foldedWords(text: string, keepLast: boolean): string[] {
  const all = text.split(WORD_SEPARATOR).map(normalizeTerm).filter(Boolean);
  const kept = all.filter(
    (term, position) =>
      !STOP_WORDS.has(term) || (keepLast && position === all.length - 1 && term.length > 1),
  );
  return kept.length ? kept : all;
}

/** A text as a key that ignores case, plurals, spelling and stop words: "The Refunds" → "refund". */
export function phraseKey(text: string): string {
  return foldedWords(text, false).join(' ');
}

/** At most `limit` words, so a long query costs no more than a short one: the word being
 * typed stays. */
function boundedWords(words: string[], limit: number): string[] {
  if (words.length <= limit) return words;
  return [...words.slice(0, Math.max(0, limit - 1)), words.at(-1)!];
}

const notStopWord = (word: string) => !STOP_WORDS.has(word);

/**
 * The terms of a query as the index reads them, each with how loosely it may match. Stop words
 * are left out unless nothing else is left, or they may be the start of the word being typed.
 * `source` tells the words of the index, so a word it lacks may be a typo of one it has, and
 * bounds how many words a short prefix stands for; at most `maxTerms` words are searched.
 */
export function queryTerms(
  query: string,
  source: TermSource = ANY_WORD,
  maxTerms = MAX_QUERY_TERMS,
): QueryTerm[] {
  const terms = boundedWords(foldedWords(query, !/\s$/.test(query)), maxTerms);
  return terms.map((term, position) => {
    const prefix = matchesAsPrefix(term, position, terms);
    const known = source.knows(term, prefix);
    return {
      term,
      prefix,
      known,
      typos: typoTolerance(term, known),
      expansions: prefix ? source.completions(term, MAX_PREFIX_EXPANSIONS, notStopWord) : null,
      forms: inflectionsOf(term),
      synonyms: synonymsOf(term).map((phrase) =>
        phrase.split(WORD_SEPARATOR).map(normalizeTerm).filter(Boolean),
      ),
    };
  });
}
