import { describe, expect, it } from 'vitest';
import { assignHeadingIds } from '@/lib/mdx/headings';
import { renderHtml } from '@/lib/mdx/html/render';
import { parseMdx, type MdxFormat } from '@/lib/mdx/parse';

async function html(source: string, format: MdxFormat = 'mdx') {
  const tree = parseMdx(source, { format, file: 'page.mdx' });
  assignHeadingIds(tree);
  return renderHtml(tree, { file: 'page.mdx' });
}

describe('sections and heading ids', () => {
  const sectionsOf = (source: string) =>
    assignHeadingIds(parseMdx(source, { format: 'mdx', file: 'page.mdx' }));

  it('records h2 and h3 headings in order with their tag', () => {
    expect(sectionsOf('# Title\n\n## Create a charge\n\n### Request body\n\n#### Deep\n')).toEqual([
      { id: 'create-a-charge', title: 'Create a charge', tag: 'h2' },
      { id: 'request-body', title: 'Request body', tag: 'h3' },
    ]);
  });

  it('slugs like GitHub: lower case, punctuation dropped, inline code as text', () => {
    const sections = sectionsOf(
      "## The `Charge` object\n\n## What's next?\n\n## 3-D Secure & SCA\n",
    );
    expect(sections.map((section) => section.id)).toEqual([
      'the-charge-object',
      'whats-next',
      '3-d-secure--sca',
    ]);
    expect(sections[0]?.title).toBe('The Charge object');
  });

  it('keeps ids unique on one page by numbering repeats', () => {
    expect(sectionsOf('## Example\n\n## Example\n\n### Example\n').map((s) => s.id)).toEqual([
      'example',
      'example-1',
      'example-2',
    ]);
  });

  it('gives a page without headings no sections', () => {
    expect(sectionsOf('Just prose.')).toEqual([]);
  });

  it('puts the id on the heading, with a link to itself', async () => {
    expect(await html('## Retries\n')).toBe(
      '<h2 id="retries" data-slot="heading"><a href="#retries">Retries<span aria-hidden="true">#</span></a></h2>',
    );
  });
});

describe('code highlighting', () => {
  it('colours a known language and frames it with its title and a Copy button', async () => {
    const output = await html('```json title="Response"\n{ "amount": 12500 }\n```\n');
    expect(output).toContain('data-slot="code-block"');
    expect(output).toContain('<span>Response</span>');
    expect(output).toContain('data-slot="copy-button"');
    expect(output).toMatch(/<span style="color:#[0-9a-f]{6}">"amount"<\/span>/);
  });

  // The stylesheet reserves a frame's height from it while the frame is off screen.
  it('tells a frame how many lines it shows: a group, those of its first tab', async () => {
    expect(await html('```bash\ncurl \\\n  -d a=1\n```\n')).toContain(
      'data-slot="code-block" data-copy-scope="" class="not-prose" style="--code-lines: 2"',
    );
    const group = await html(
      '<CodeGroup>\n\n```bash\none\ntwo\nthree\n```\n\n```python\none\n```\n\n</CodeGroup>\n',
    );
    expect(group).toContain(
      'data-slot="code-group" data-copy-scope="" class="not-prose" style="--code-lines: 3"',
    );
  });

  it('leaves a block in a language Shiki does not know as plain code', async () => {
    const output = await html('```kestrelscript\ncharge 12500\n```\n');
    expect(output).toContain('<code>charge 12500</code>');
    expect(output).not.toContain('style="color');
  });
});

describe('what content can never do', () => {
  it('runs no JavaScript written in a page', () => {
    expect(() => parseMdx('Total: {1 + 1}', { format: 'mdx', file: 'x.mdx' })).toThrow(
      /x\.mdx:1: pages cannot run JavaScript/,
    );
    expect(() => parseMdx("import x from 'y'\n\nText", { format: 'mdx', file: 'x.mdx' })).toThrow(
      /cannot run JavaScript/,
    );
  });

  it('drops raw HTML and disarms links to anything but the site, http(s) and email', async () => {
    const output = await html(
      'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [bad](javascript:alert(1)) [ok](/errors) {x}',
      'md',
    );
    expect(output).not.toMatch(/<script|onerror|javascript:/);
    expect(output).toContain('<span>bad</span>');
    expect(output).toContain('<a href="/errors">ok</a>');
    expect(output).toContain('{x}');
  });

  it('names the file, line and choices for an unknown component or a bad prop', async () => {
    await expect(html('Hello\n\n<Callout>hi</Callout>')).rejects.toThrow(
      /page\.mdx:3: <Callout> is not a component of the MDX vocabulary\. Use one of: .*Note/,
    );
    await expect(html('<MethodBadge method="fetch" />')).rejects.toThrow(
      /page\.mdx:1: <MethodBadge> has invalid props \(method: /,
    );
  });

  it('labels read-only task-list boxes for screen readers', async () => {
    const output = await html('- [x] Keys created\n- [ ] Webhook added\n', 'md');
    expect(output).toContain('aria-label="Done"');
    expect(output).toContain('aria-label="To do"');
  });
});
