import { describe, expect, it } from 'vitest';
import { keptTooLong, NOT_FOUND_CACHE_CONTROL } from '@/server/not-found-lifetime.mjs';

describe('the lifetime of a 404', () => {
  it.each([
    ['s-maxage=31536000', true],
    ['s-maxage=60, stale-while-revalidate=31535940', true],
    ['public, max-age=3600', true],
    ['private, no-cache, no-store, max-age=0, must-revalidate', false],
    ['s-maxage=2, stale-while-revalidate=58', false],
    [NOT_FOUND_CACHE_CONTROL, false],
    [undefined, false],
  ])('%s is kept too long: %s', (cacheControl, expected) => {
    expect(keptTooLong(cacheControl)).toBe(expected);
  });
});
