import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { isJsxElement, propsOf } from '@/lib/mdx/jsx';
import { searchText } from '@/lib/mdx/text';
import { vocabulary } from '@/lib/mdx/vocabulary';
import { anchorRoute } from '@/lib/routes';
import type { Page, PageContent } from '@/lib/source';
import { pageTitle } from '@/lib/titles';
import type { RecordType } from './record-types';

/**
 * One searchable thing (SPEC 3): a page, a section of it, a guide, an API endpoint, or one named
 * thing of the reference (an error or failure code, an event, a field, a parameter, a scenario).
 */
export type SearchRecord = {
  objectID: string;
  /** The page's full title, e.g. "Refunds | Kestrel Pay". */
  title: string;
  url: string;
  /** Site path, with `#anchor` for sections and endpoints. */
  path: string;
  /** Group > page > section. */
  hierarchy: string[];
  type: RecordType;
  method?: string;
  endpoint?: string;
  /** The name of a reference record as code writes it: `card_declined`, `Charge.capture_before`. */
  name?: string;
  /** Plain text, shortened; for a reference record, its meaning. */
  content: string;
};

/** What a page contributes to its records besides its body. */
export type SearchablePage = Pick<
  Page,
  'route' | 'title' | 'description' | 'group' | 'kind' | 'file'
>;

const EXCERPT_LENGTH = 600;
/** The text cut to the length a record keeps. */
export const excerpt = (text: string) =>
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

/** The generated parameter lists and their labels: each parameter has a record of its own. */
const PARAMETER_LISTS = new Set(['Attributes', 'AttributesTitle']);

/** Nodes without the parameter lists at any depth, so an endpoint's text is what it does. */
function withoutParameterLists(nodes: RootContent[]): RootContent[] {
  return nodes.flatMap((node): RootContent[] => {
    if (isJsxElement(node) && PARAMETER_LISTS.has(node.name ?? '')) return [];
    if (!('children' in node)) return [node];
    const children = withoutParameterLists(node.children as RootContent[]);
    return [{ ...node, children } as RootContent];
  });
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
        content: excerpt(searchText(endpoint ? withoutParameterLists(nodes) : nodes, file)),
      });
    }),
  ];
}
