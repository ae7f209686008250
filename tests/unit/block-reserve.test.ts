import type { Element, Root } from 'hast';
import { h } from 'hastscript';
import { describe, expect, it } from 'vitest';
import { reserveBlockHeights } from '@/lib/mdx/html/block-reserve';
import { codeFrame } from '@/lib/mdx/html/code-frame';

const text = (length: number) => 'x'.repeat(length);

/** The reserved heights of a page made of these top-level elements, by layout. */
function reserves(...blocks: Element[]) {
  const tree: Root = { type: 'root', children: blocks };
  reserveBlockHeights(tree);
  return blocks.map((block) => block.properties.style);
}

describe('reserved heights of deferred blocks', () => {
  it('give each run of text a margin and a line per so many characters, per layout', () => {
    // 50 characters: two lines at 25 a line on a phone, two at 49, one at 60 on a wide screen.
    expect(reserves(h('ul', [h('li', text(50))]))).toEqual([
      '--reserve-xs: 64px; --reserve-md: 68px; --reserve-xl: 44px',
    ]);
  });

  it('stack a row on narrow screens and take its taller column on wide ones', () => {
    const row = h('div', { dataSlot: 'row' }, [
      h('div', { dataSlot: 'col' }, [h('p', text(100))]),
      h('div', { dataSlot: 'col' }, [codeFrame('code-block', 10, [h('pre', text(10))])]),
    ]);
    // Prose: 16 + 4 lines (xs), 20 + 3 lines (md), 20 + 3 lines at 38 a line beside code (xl).
    // Code: 10 lines of 24 px and its frame (80, 96, 88).
    expect(reserves(row)).toEqual([
      `--reserve-xs: ${112 + 320}px; --reserve-md: ${92 + 336}px; --reserve-xl: ${328}px`,
    ]);
  });

  it('count a closed disclosure by its summary, an open one whole', () => {
    const disclosure = (open: boolean) =>
      h('ul', { dataSlot: 'attributes' }, [
        h('li', [h('details', { open }, [h('summary', text(20)), h('div', [h('p', text(500))])])]),
      ]);
    const [closed, open] = reserves(disclosure(false), disclosure(true));
    expect(closed).toMatch(/^--reserve-xs: 40px;/);
    expect(open).toMatch(/^--reserve-xs: 536px;/);
  });

  it('give a table row the lines of its longest cell, and the table its margins', () => {
    const table = h('div', { dataSlot: 'table' }, [
      h('table', [h('tbody', [h('tr', [h('td', text(16)), h('td', text(4))])])]),
    ]);
    expect(reserves(table)).toEqual([
      '--reserve-xs: 131px; --reserve-md: 107px; --reserve-xl: 107px',
    ]);
  });

  it('leave blocks that are not deferred alone, and keep a block’s own style', () => {
    const frame = codeFrame('code-block', 3, [h('pre', text(10))]);
    const note = h('div', { dataSlot: 'note', style: 'color: red' }, [h('p', text(10))]);
    expect(reserves(h('p', text(10)), frame, note)).toEqual([
      undefined,
      '--code-lines: 3',
      'color: red; --reserve-xs: 40px; --reserve-md: 44px; --reserve-xl: 44px',
    ]);
  });
});
