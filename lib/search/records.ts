import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { isJsxElement, propsOf } from '@/lib/mdx/jsx';
import { searchText } from '@/lib/mdx/text';
import { vocabulary } from '@/lib/mdx/vocabulary';
import { anchorRoute } from '@/lib/routes';
import type { Page, PageContent } from '@/lib/source';
import { pageTitle } from '@/lib/titles';

/** One searchable thing: a page, a section of it, a guide, or an API endpoint (SPEC 3). */
export type SearchRecord = {
  objectID: string;
  /** The page's full title, e.g. "Refunds | Kestrel Pay". */
  title: string;
  url: string;
  /** Site path, with `#anchor` for sections and endpoints. */
  path: string;
  /** Group > page > section. */
  hierarchy: string[];
  type: 'page' | 'section' | 'guide' | 'endpoint';
  method?: string;
  endpoint?: string;
  /** Plain text, shortened. */
  content: string;
};

/** What a page contributes to its records besides its body. */
export type SearchablePage = Pick<
  Page,
  'route' | 'title' | 'description' | 'group' | 'kind' | 'file'
>;

const EXCERPT_LENGTH = 600;
const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

/** The request of the first `<Endpoint>` among nodes, at any depth. */
function endpointOf(nodes: RootContent[], file: string): { method: string; path: string } | null {
  for (const node of nodes) {
    if (isJsxElement(node) && node.name === 'Endpoint') {
      const { method, path } = propsOf(node, vocabulary.Endpoint.props, file);
      return { method: method.toUpperCase(), path };
    }
    if ('children' in node) {
      const found = endpointOf(node.children as RootContent[], file);
      if (found) return found;
    }
  }
  return null;
}

/** Splits a page into its records: one for the page, one per `##`/`###` section or endpoint. */
export function recordsOf(
  page: SearchablePage,
  content: PageContent,
  siteUrl: string,
): SearchRecord[] {
  const file = page.file ?? page.route;
  const type = page.kind === 'guide' ? 'guide' : 'page';
  const base = [page.group, page.title];
  const fullTitle = pageTitle(page.title);
  const record = (partial: Omit<SearchRecord, 'title' | 'url'>): SearchRecord => ({
    ...partial,
    title: fullTitle,
    url: new URL(partial.path, siteUrl).toString(),
  });

  const intro: RootContent[] = [];
  const sections: { id: string; title: string; parent: string | null; nodes: RootContent[] }[] = [];
  let currentH2: string | null = null;
  for (const node of content.tree.children) {
    if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
      const title = toString(node).trim();
      sections.push({
        id: node.data!.id!,
        title,
        parent: node.depth === 3 ? currentH2 : null,
        nodes: [],
      });
      if (node.depth === 2) currentH2 = title;
      continue;
    }
    (sections.at(-1)?.nodes ?? intro).push(node);
  }

  return [
    record({
      objectID: `${type}:${page.route}`,
      path: page.route,
      hierarchy: base,
      type,
      content: excerpt(searchText([{ type: 'text', value: page.description }, ...intro], file)),
    }),
    ...sections.map(({ id, title, parent, nodes }) => {
      const endpoint = endpointOf(nodes, file);
      const path = anchorRoute(page.route, id);
      return record({
        objectID: `${type}:${path}`,
        path,
        hierarchy: [...base, ...(parent ? [parent] : []), title],
        type: endpoint ? 'endpoint' : 'section',
        ...(endpoint ? { method: endpoint.method, endpoint: endpoint.path } : {}),
        content: excerpt(searchText(nodes, file)),
      });
    }),
  ];
}
