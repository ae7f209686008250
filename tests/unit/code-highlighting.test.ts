import { compile } from '@mdx-js/mdx';
import rehypeShiki from '@shikijs/rehype';
import { getSingletonHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { shikiOptions } from '@/lib/mdx/render';

const highlight = async (markdown: string) =>
  String(await compile(markdown, { rehypePlugins: [[rehypeShiki, shikiOptions]] }));

describe('code highlighting', () => {
  it('highlights a code block and loads only the grammars the page needs', async () => {
    const output = await highlight('```json\n{ "amount": 12500 }\n```\n');
    expect(output).toContain('--shiki-dark');
    // Loading every bundled grammar (200+) blocks a fresh server for seconds.
    const highlighter = await getSingletonHighlighter({ themes: [], langs: [] });
    expect(highlighter.getLoadedLanguages().length).toBeLessThan(20);
  });

  it('leaves a block in a language Shiki does not know as plain code', async () => {
    const output = await highlight('```kestrelscript\ncharge 12500\n```\n');
    expect(output).toContain('charge 12500');
    expect(output).not.toContain('--shiki-dark');
  });

  it('still fails on any other highlighting error', () => {
    expect(() => shikiOptions.onError(new Error('Invalid decoration offset'))).toThrow(
      'Invalid decoration offset',
    );
  });
});
