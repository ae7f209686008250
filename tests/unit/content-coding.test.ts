import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredCoding } from '@/lib/http/content-coding.mjs';

describe('preferredCoding', () => {
  it('prefers Brotli, then gzip, as browsers ask', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('x-gzip')).toBe('gzip');
  });

  it('follows q-values, refusals and the wildcard', () => {
    expect(preferredCoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*;q=0.1, br;q=0')).toBe('gzip');
  });

  it('finds none for identity, deflate only or no header', () => {
    expect(preferredCoding('identity')).toBeNull();
    expect(preferredCoding('deflate')).toBeNull();
    expect(preferredCoding('')).toBeNull();
    expect(preferredCoding(undefined)).toBeNull();
    expect(preferredCoding('gzip;q=0, br;q=0')).toBeNull();
  });
});

describe('matchesEtag', () => {
  it('matches a listed, weak or wildcard tag and nothing else', () => {
    expect(matchesEtag('"a1"', '"a1"')).toBe(true);
    expect(matchesEtag('"zz", W/"a1"', '"a1"')).toBe(true);
    expect(matchesEtag('*', '"a1"')).toBe(true);
    expect(matchesEtag('"a2"', '"a1"')).toBe(false);
    expect(matchesEtag(undefined, '"a1"')).toBe(false);
    expect(matchesEtag('"a1"', undefined)).toBe(false);
  });
});
