import { describe, expect, it } from 'vitest';
import { parseFrontmatter, readDocsFiles } from '@/lib/docs-files';
import { routeOfDocsFile } from '@/lib/routes';
import { source } from '@/lib/source';

describe('content', () => {
  it('gives every page its own title and meta description', async () => {
    const pages = await source.pages();
    const descriptions = pages.map((page) => page.description);
    expect(new Set(descriptions).size).toBe(pages.length);
    const titles = pages.map((page) => page.title);
    expect(new Set(titles).size).toBe(pages.length);
  });

  it('labels the Introduction in the menu and titles the root page as the API docs', async () => {
    const home = await source.page('/');
    expect(home).toMatchObject({ title: 'API Docs', menuTitle: 'Introduction' });
  });

  it('leaves the one h1 to the layout and gives every page sections', async () => {
    for (const { file, route } of await readDocsFiles()) {
      // As rendered: with the sections generated from the OpenAPI document.
      const content = await source.content(route);
      const depths = new Set(
        content!.tree.children.flatMap((node) => (node.type === 'heading' ? [node.depth] : [])),
      );
      expect(depths.has(1), file).toBe(false);
      expect(
        content!.sections.some((section) => section.tag === 'h2'),
        file,
      ).toBe(true);
    }
  });
});

describe('routeOfDocsFile', () => {
  it('maps index.mdx to the root and nested files to nested paths', () => {
    expect(routeOfDocsFile('index.mdx')).toBe('/');
    expect(routeOfDocsFile('resources/charges.mdx')).toBe('/resources/charges');
    expect(routeOfDocsFile('sdk\\usage.mdx')).toBe('/sdk/usage');
  });
});

describe('parseFrontmatter', () => {
  it('names the file and the fix when a field is missing', () => {
    expect(() => parseFrontmatter('---\ntitle: Refunds\n---\nBody', 'refunds.mdx')).toThrow(
      /refunds\.mdx: invalid frontmatter \(description: .*\)\. Every page needs a non-empty "title" and "description"\./,
    );
  });

  it('returns the fields and the body', () => {
    const parsed = parseFrontmatter('---\ntitle: A\ndescription: B\n---\nBody', 'a.mdx');
    expect(parsed.frontmatter).toEqual({ title: 'A', description: 'B' });
    expect(parsed.body.trim()).toBe('Body');
  });
});
