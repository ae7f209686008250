import { describe, expect, it } from 'vitest';
import { medianTbtRatio, tbtRatio } from '@/scripts/bench/tbt-ratio.mjs';

describe('TBT as a ratio to the empty page of the same round', () => {
  it('divides by the same round, not by the baseline median', () => {
    // Page and baseline slow down together in round 2: each round's ratio is 0.5.
    const page = [{ tbtMs: 100 }, { tbtMs: 400 }, { tbtMs: 150 }];
    const baseline = [{ tbtMs: 200 }, { tbtMs: 800 }, { tbtMs: 300 }];
    expect(medianTbtRatio(page, baseline)).toBe(0.5);
  });

  it('takes the median of the rounds, so one slow round does not decide', () => {
    const page = [{ tbtMs: 90 }, { tbtMs: 900 }, { tbtMs: 100 }, { tbtMs: 80 }, { tbtMs: 95 }];
    const baseline = Array.from({ length: 5 }, () => ({ tbtMs: 100 }));
    expect(medianTbtRatio(page, baseline)).toBe(0.95);
  });

  it('reads no blocking on either side as 1, and blocking over none as infinite', () => {
    expect(tbtRatio(0, 0)).toBe(1);
    expect(tbtRatio(0, 45)).toBe(0);
    expect(tbtRatio(3, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses rounds that do not pair up', () => {
    expect(() => medianTbtRatio([{ tbtMs: 1 }], [])).toThrow(/Each round/);
  });
});
