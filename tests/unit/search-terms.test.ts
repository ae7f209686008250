import { describe, expect, it } from 'vitest';
import { britishSpelling, synonymsOf } from '@/lib/search/synonyms';
import { inflectionsOf, normalizeTerm, phraseKey, queryTerms, tokenize } from '@/lib/search/terms';

describe('search terms', () => {
  it('folds American spellings to the British ones the docs use', () => {
    expect(
      ['authorize', 'tokenized', 'organizations', 'canceled', 'traveler'].map(normalizeTerm),
    ).toEqual(['authorise', 'tokenised', 'organisation', 'cancelled', 'traveller']);
    expect(britishSpelling('installment')).toBe('instalment');
    expect(britishSpelling('authoriz')).toBe('authoris');
    // Short words keep their z: "size" is not "sise".
    expect(['size', 'prize', 'quiz'].map(britishSpelling)).toEqual(['size', 'prize', 'quiz']);
  });

  it('gives the other forms of a word, never a longer different word', () => {
    expect(inflectionsOf('captured')).toEqual(expect.arrayContaining(['capture', 'capturing']));
    expect(inflectionsOf('cancelled')).toEqual(expect.arrayContaining(['cancel', 'cancellation']));
    expect(inflectionsOf('authorise')).toContain('authorisation');
    expect(inflectionsOf('charge')).not.toContain('chargeback');
    expect(inflectionsOf('refund')).toEqual([]);
  });

  it('leaves stop words out of a query, unless they are all it has or the word being typed', () => {
    expect(queryTerms('how do I refund a charge').map(({ term }) => term)).toEqual([
      'refund',
      'charge',
    ]);
    expect(queryTerms('the').map(({ term }) => term)).toEqual(['the']);
    expect(queryTerms('refund an').map(({ term }) => term)).toEqual(['refund', 'an']);
    expect(queryTerms('refund an ').map(({ term }) => term)).toEqual(['refund']);
  });

  it('widens a query with synonyms the docs do use', () => {
    expect(synonymsOf('payout')).toEqual(['disbursement', 'settlement']);
    expect(queryTerms('void 3ds').map(({ synonyms }) => synonyms)).toEqual([
      [['cancel']],
      [['3', 'd', 'secure']],
    ]);
  });

  it('splits camel-case names into their words as well', () => {
    expect(tokenize('ChargeFailureCode: why')).toEqual([
      'ChargeFailureCode',
      'Charge',
      'Failure',
      'Code',
      'why',
    ]);
  });

  it('keys a phrase by its folded words', () => {
    expect(phraseKey('The Tokenized Cards')).toBe(phraseKey('tokenised card'));
  });
});
