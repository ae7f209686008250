import { describe, expect, it } from 'vitest';
import { headerOpacity } from '@/components/layout/header-frame';
import { HEADER_OPACITY_RANGE } from '@/lib/site';

describe('headerOpacity', () => {
  const { top, scrolled } = HEADER_OPACITY_RANGE;

  it('starts at the resting opacity and is halfway at 36 px', () => {
    expect(headerOpacity(0)).toBe(top);
    expect(headerOpacity(36)).toBeCloseTo((top + scrolled) / 2, 3);
  });

  it('reaches full opacity at 72 px and stays there', () => {
    expect(headerOpacity(72)).toBe(scrolled);
    expect(headerOpacity(5000)).toBe(scrolled);
  });

  it('treats overscroll above the top as the top', () => {
    expect(headerOpacity(-40)).toBe(top);
  });
});
