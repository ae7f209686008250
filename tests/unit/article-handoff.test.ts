import { describe, expect, it } from 'vitest';
import { handOver, held, MAX_BYTES, takeOver } from '@kestrelpay/article-handoff';

describe('the article handoff', () => {
  it('gives back the article handed over under its key, once kept however often', () => {
    const key = handOver('<p>Charges</p>');
    expect(handOver('<p>Charges</p>')).toBe(key);
    expect(takeOver(key)).toBe('<p>Charges</p>');
    expect(takeOver('no-such-key')).toBeUndefined();
  });

  it('keeps at most MAX_BYTES of articles, letting the oldest go first', () => {
    // Each a quarter of the bound: the fifth pushes the first out.
    const article = (n: number) => `${n}`.padEnd(MAX_BYTES / 8, '.');
    const keys = [1, 2, 3, 4, 5].map((n) => handOver(article(n)));
    expect(takeOver(keys[0]!)).toBeUndefined();
    expect(keys.slice(1).map((key) => takeOver(key)?.[0])).toEqual(['2', '3', '4', '5']);
    expect(held().bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('keeps the article just handed over even when it alone is larger than the bound', () => {
    const key = handOver('x'.repeat(MAX_BYTES));
    expect(takeOver(key)).toHaveLength(MAX_BYTES);
    expect(held().articles).toBe(1);
  });
});
