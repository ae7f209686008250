import GithubSlugger from 'github-slugger';
import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

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

export type RecordSource = {
  route: string;
  title: string;
  fullTitle: string;
  description: string;
  group: string;
  body: string;
  type: 'page' | 'guide';
  format: 'md' | 'mdx';
};

const EXCERPT_LENGTH = 600;
const excerpt = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > EXCERPT_LENGTH ? `${clean.slice(0, EXCERPT_LENGTH - 1)}…` : clean;
};

/** Readable text of a node: prose and inline code, without code blocks or component markup. */
function textOf(node: RootContent): string {
  if (node.type === 'code' || node.type === 'yaml' || node.type === 'mdxjsEsm') return '';
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    const attributes = node.attributes
      .filter((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'name')
      .map((attribute) => String(attribute.value ?? ''));
    return [...attributes, ...node.children.map((child) => textOf(child as RootContent))].join(' ');
  }
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return '';
  if ('children' in node)
    return node.children.map((child) => textOf(child as RootContent)).join(' ');
  return toString(node);
}

/** The first `<MethodBadge method="…" />` of a section and the inline code path after it. */
function endpointOf(nodes: RootContent[]): { method: string; path: string } | null {
  let found: { method: string; path: string } | null = null;
  const visit = (node: RootContent, siblings: RootContent[], index: number) => {
    if (found) return;
    if (
      (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') &&
      node.name === 'MethodBadge'
    ) {
      const method = node.attributes.find(
        (a) => a.type === 'mdxJsxAttribute' && a.name === 'method',
      );
      const next = siblings.slice(index + 1).find((sibling) => sibling.type === 'inlineCode');
      if (method && next?.type === 'inlineCode') {
        found = { method: String(method.value).toUpperCase(), path: next.value };
        return;
      }
    }
    if ('children' in node) {
      const children = node.children as RootContent[];
      children.forEach((child, i) => visit(child, children, i));
    }
  };
  nodes.forEach((node, i) => visit(node, nodes, i));
  return found;
}

/** Splits a page into its records: one for the page, one per `##`/`###` section or endpoint. */
export function recordsOf(source: RecordSource, siteUrl: string): SearchRecord[] {
  const processor = unified().use(remarkParse).use(remarkGfm);
  if (source.format === 'mdx') processor.use(remarkMdx);
  const tree = processor.parse(source.body) as Root;
  const slugger = new GithubSlugger();
  const base = [source.group, source.title];
  const record = (partial: Omit<SearchRecord, 'title' | 'url'>): SearchRecord => ({
    ...partial,
    title: source.fullTitle,
    url: new URL(partial.path, siteUrl).toString(),
  });

  const intro: RootContent[] = [];
  const sections: { heading: Heading; parent: string | null; nodes: RootContent[] }[] = [];
  let currentH2: string | null = null;
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const title = toString(node).trim();
      const id = slugger.slug(title);
      if (node.depth === 2 || node.depth === 3) {
        sections.push({
          heading: { ...node, data: { id } } as Heading,
          parent: node.depth === 3 ? currentH2 : null,
          nodes: [],
        });
        if (node.depth === 2) currentH2 = title;
        continue;
      }
    }
    (sections.at(-1)?.nodes ?? intro).push(node);
  }

  const page = record({
    objectID: `${source.type}:${source.route}`,
    path: source.route,
    hierarchy: base,
    type: source.type,
    content: excerpt(`${source.description} ${intro.map(textOf).join(' ')}`),
  });
  return [
    page,
    ...sections.map(({ heading, parent, nodes }) => {
      const id = (heading.data as { id: string }).id;
      const title = toString(heading).trim();
      const endpoint = endpointOf(nodes);
      return record({
        objectID: `${source.type}:${source.route}#${id}`,
        path: `${source.route}#${id}`,
        hierarchy: [...base, ...(parent ? [parent] : []), title],
        type: endpoint ? 'endpoint' : 'section',
        ...(endpoint ? { method: endpoint.method, endpoint: endpoint.path } : {}),
        content: excerpt(nodes.map(textOf).join(' ')),
      });
    }),
  ];
}
