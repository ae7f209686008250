import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { remarkSections } from '@/lib/mdx/sections';

async function sectionsOf(markdown: string) {
  const file = new VFile({ value: markdown, path: 'page.mdx' });
  const compiled = await compile(file, { remarkPlugins: [remarkSections] });
  return { sections: file.data.sections, code: String(compiled) };
}

describe('remarkSections', () => {
  it('records h2 and h3 headings in order with their tag', async () => {
    const { sections } = await sectionsOf(
      '# Title\n\n## Create a charge\n\n### Request body\n\n#### Deep\n',
    );
    expect(sections).toEqual([
      { id: 'create-a-charge', title: 'Create a charge', tag: 'h2' },
      { id: 'request-body', title: 'Request body', tag: 'h3' },
    ]);
  });

  it('slugs like GitHub: lower case, punctuation dropped, inline code as text', async () => {
    const { sections } = await sectionsOf(
      "## The `Charge` object\n\n## What's next?\n\n## 3-D Secure & SCA\n",
    );
    expect(sections?.map((section) => section.id)).toEqual([
      'the-charge-object',
      'whats-next',
      '3-d-secure--sca',
    ]);
    expect(sections?.[0]?.title).toBe('The Charge object');
  });

  it('keeps ids unique on one page by numbering repeats', async () => {
    const { sections } = await sectionsOf('## Example\n\n## Example\n\n### Example\n');
    expect(sections?.map((section) => section.id)).toEqual(['example', 'example-1', 'example-2']);
  });

  it('puts the id on the rendered heading', async () => {
    const { code } = await sectionsOf('## Retries\n');
    expect(code).toMatch(/id: "retries"/);
  });

  it('gives a page without headings no sections', async () => {
    expect((await sectionsOf('Just prose.')).sections).toEqual([]);
  });
});
