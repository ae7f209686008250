import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, navigation } from '@/lib/navigation';
import { listRoutes, parseFrontmatter, readPage, routeOfFile } from '@/lib/content';

const fileOf = (route: string) =>
  path.join('content', 'docs', route === '/' ? 'index.mdx' : `${route.slice(1)}.mdx`);

async function pages() {
  const routes = await listRoutes();
  return Promise.all(
    routes.map(async (route) => {
      const file = fileOf(route);
      return { route, file, ...parseFrontmatter(await readFile(file, 'utf8'), file) };
    }),
  );
}

describe('content', () => {
  it('has exactly one page per navigation link', async () => {
    const linked = flatten(navigation)
      .map((link) => link.href)
      .sort();
    expect(await listRoutes()).toEqual(linked);
  });

  it('gives every page its own title and meta description', async () => {
    const all = await pages();
    const descriptions = all.map((page) => page.frontmatter.description);
    expect(new Set(descriptions).size).toBe(all.length);
    const titles = Object.fromEntries(flatten(navigation).map((link) => [link.href, link.title]));
    for (const page of all) {
      const expected = page.route === '/' ? 'API Docs' : titles[page.route];
      expect(page.frontmatter.title, page.file).toBe(expected);
    }
  });

  it('leaves the one h1 to the layout and gives every page sections', async () => {
    for (const { route, file } of await pages()) {
      // As rendered: with the sections generated from the OpenAPI document.
      const prose = (await readPage(route))!.body.replace(/```[\s\S]*?```/g, '');
      expect(prose, file).not.toMatch(/^# /m);
      expect(prose, file).toMatch(/^## /m);
    }
  });
});

describe('routeOfFile', () => {
  it('maps index.mdx to the root and nested files to nested paths', () => {
    expect(routeOfFile('index.mdx')).toBe('/');
    expect(routeOfFile('resources/charges.mdx')).toBe('/resources/charges');
    expect(routeOfFile('sdk\\usage.mdx')).toBe('/sdk/usage');
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
