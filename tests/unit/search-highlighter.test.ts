import { describe, expect, it } from 'vitest';
import { highlighter } from '@/lib/search/highlighter';
import { queryTerms } from '@/lib/search/terms';

const tags = { pre: '[', post: ']' };
/** The text with the words matching `query` in brackets; `typos` are the index's typo matches. */
const marked = (query: string, text: string, typos: string[] = []) =>
  highlighter(queryTerms(query), tags, new Set(typos))(text).value;

describe('search highlights', () => {
  it('marks whole words, never the inside of a word, and leaves stop words alone', () => {
    expect(marked('refund a charge', 'Create a refund for the charge')).toBe(
      'Create a [refund] for the [charge]',
    );
    expect(marked('refund a charge', "the traveller's original payment")).toBe(
      "the traveller's original payment",
    );
  });

  it('marks only the typed prefix of the word being typed', () => {
    expect(marked('refu', 'Refunds and refunded')).toBe('[Refu]nds and [refu]nded');
    expect(marked('capture a ch', 'Capture a charge, then a chargeback')).toBe(
      '[Capture] a [ch]arge, then a [ch]argeback',
    );
  });

  it('never marks a short earlier word inside or at the start of longer words', () => {
    expect(marked('a card', 'Save a card as a token')).toBe('Save a [card] as a token');
  });

  it('marks the other forms, spellings and synonyms of a word whole', () => {
    expect(marked('authorize', 'Authorised, authorising and an authorisation')).toBe(
      '[Authorised], [authorising] and an [authorisation]',
    );
    expect(marked('cancelled', 'Cancel it; Canceled charges')).toBe(
      '[Cancel] it; [Canceled] charges',
    );
    expect(marked('void a dispute', 'Cancel the chargeback')).toBe('[Cancel] the [chargeback]');
  });

  it('marks plurals and other forms that read as the same term whole', () => {
    expect(marked('currency', 'Currencies and a currency')).toBe('[Currencies] and a [currency]');
    expect(marked('refunds list', "List refunds and a refund's status")).toBe(
      "[List] [refunds] and a [refund]'s status",
    );
  });

  it('marks a word the index matched with a typo whole, and only such words', () => {
    expect(marked('refnd', 'Refund a refunded charge', ['refund'])).toBe(
      '[Refund] a refunded charge',
    );
    expect(marked('refnd', 'Refund a charge')).toBe('Refund a charge');
  });

  it('reports which query terms each field matched', () => {
    const mark = highlighter(queryTerms('refund charge'), tags, new Set());
    expect(mark('Refund a charge')).toMatchObject({
      matchLevel: 'full',
      matchedWords: ['refund', 'charge'],
    });
    expect(mark('Refunds')).toMatchObject({ matchLevel: 'partial', matchedWords: ['refund'] });
    expect(mark('Payouts')).toEqual({ value: 'Payouts', matchLevel: 'none', matchedWords: [] });
  });

  it('treats query characters as text, not as a pattern', () => {
    expect(marked('x.b (c', 'x.b (c axb')).toBe('[x].[b] ([c] axb');
    expect(marked('.*', 'anything at all')).toBe('anything at all');
  });
});
