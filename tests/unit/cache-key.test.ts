import { describe, expect, it } from 'vitest';
import { pageOfCacheKey } from '@/lib/next-internals/cache-key.mjs';

describe('the page a cache key names', () => {
  it('is the path after Next.js 16’s route-cache prefix, or the key when it is a path', () => {
    const hash = 'cfdc6c70ccd796dc9270f170c3e116c6360ac38e66271b851aae907bf628aac0';
    expect(pageOfCacheKey(`/route-cache/APP_PAGE/${hash}/$/categories/accept-payments`)).toBe(
      '/categories/accept-payments',
    );
    expect(pageOfCacheKey(`/route-cache/APP_PAGE/${hash}/$/index`)).toBe('/index');
    expect(pageOfCacheKey('/guides/payment-links')).toBe('/guides/payment-links');
  });

  it('is unknown for a key of another shape', () => {
    expect(pageOfCacheKey('/route-cache/FETCH/abc')).toBeUndefined();
    expect(pageOfCacheKey('')).toBeUndefined();
  });
});
