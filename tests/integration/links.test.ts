import { describe, expect, inject, it } from 'vitest';
import { source } from '@/lib/source';

const baseUrl = inject('baseUrl');

const MAX_PAGES = 400;

type Fetched = { status: number; ids: Set<string>; duplicateIds: string[]; links: string[] };

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** A page's status, element ids and internal links (`/…` and `#…`), from its served HTML. */
async function fetchPage(path: string): Promise<Fetched> {
  const response = await fetch(new URL(path, baseUrl), { redirect: 'manual' });
  const html = response.headers.get('content-type')?.includes('text/html')
    ? await response.text()
    : '';
  const allIds = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => decodeEntities(match[1]!));
  const ids = new Set(allIds);
  const duplicateIds = allIds.filter((id, index) => allIds.indexOf(id) !== index);
  const links = [...html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)]
    .map((match) => decodeEntities(match[1]!))
    .filter((href) => (href.startsWith('/') && !href.startsWith('//')) || href.startsWith('#'));
  return { status: response.status, ids, duplicateIds, links };
}

// Issue 6: no internal link or anchor on any page of the built site is broken, and no anchor is ambiguous.
describe('links', () => {
  it('every internal link and #anchor on every page resolves', async () => {
    const pages = new Map<string, Promise<Fetched>>();
    const load = (path: string) => {
      if (!pages.has(path)) pages.set(path, fetchPage(path));
      return pages.get(path)!;
    };
    const queue = (await source.pages()).map((page) => page.route);
    const crawled = new Set<string>();
    const broken: string[] = [];
    while (queue.length && crawled.size < MAX_PAGES) {
      const path = queue.shift()!;
      if (crawled.has(path)) continue;
      crawled.add(path);
      const page = await load(path);
      if (page.status !== 200) continue;
      for (const id of new Set(page.duplicateIds)) broken.push(`${path}: id "${id}" used twice`);
      for (const href of new Set(page.links)) {
        const url = new URL(href, new URL(path, baseUrl));
        const target = await load(url.pathname);
        if (target.status !== 200) {
          broken.push(`${path} → ${href} (${target.status})`);
          continue;
        }
        const anchor = decodeURIComponent(url.hash.slice(1));
        if (anchor && !target.ids.has(anchor)) broken.push(`${path} → ${href} (no #${anchor})`);
        if (!crawled.has(url.pathname)) queue.push(url.pathname);
      }
    }
    expect(broken).toEqual([]);
    expect(crawled.size).toBeGreaterThan(40);
  });
});
