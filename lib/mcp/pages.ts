// The site's pages for the MCP server: a route from whatever address an assistant gives, and a
// page's Markdown (the same as its `.md` export), whole or one section of it.
import 'server-only';
import type { Heading, Root, RootContent } from 'mdast';
import { markdownOfRoute } from '@/lib/markdown/pages';
import { pageMarkdown } from '@/lib/markdown/page-markdown';
import { toMarkdown } from '@/lib/mdx/markdown';
import { HOME_ROUTE } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { source, type Page, type PageContent } from '@/lib/source';
import { MAX_PAGE_ANSWER_BYTES } from './limits';
import { ToolError } from './tool-result';

/** The scheme and host of page resources: `kestrel://docs/resources/refunds`. */
export const PAGE_RESOURCE_PREFIX = 'kestrel://docs';

/** The resource URI of a route: `/` is `kestrel://docs/`. */
export function pageResourceUri(route: string): string {
  return `${PAGE_RESOURCE_PREFIX}${route}`;
}

/**
 * The route and anchor an address names: a site path, a path without its leading slash, a
 * full URL of any host, a `.md` export or a page resource URI.
 */
export function routeOfAddress(address: string): { route: string; anchor?: string } {
  const trimmed = address.trim();
  const relative = trimmed.startsWith(PAGE_RESOURCE_PREFIX)
    ? trimmed.slice(PAGE_RESOURCE_PREFIX.length)
    : trimmed;
  let url: URL;
  try {
    url = new URL(relative, 'http://site.invalid/');
  } catch {
    throw new ToolError(
      `"${address}" is not a page address. Give a path such as /resources/refunds.`,
    );
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    throw new ToolError(`"${address}" is not a page address: its %-escapes are not UTF-8.`);
  }
  const path = decoded
    .replace(/\.md$/, '')
    .replace(/\/index$/, '/')
    .replace(/(.)\/+$/, '$1');
  const anchor = url.hash.slice(1) || undefined;
  return { route: path || HOME_ROUTE, anchor };
}

/** The nodes of the section whose heading has the anchor `id`: its heading down to the next of its rank. */
function sectionNodes(tree: Root, id: string): RootContent[] | undefined {
  const start = tree.children.findIndex((node) => node.type === 'heading' && node.data?.id === id);
  if (start < 0) return undefined;
  const { depth } = tree.children[start] as Heading;
  const end = tree.children.findIndex(
    (node, index) => index > start && node.type === 'heading' && node.depth <= depth,
  );
  return tree.children.slice(start, end < 0 ? undefined : end);
}

/**
 * The Markdown of the repository's pages and their sections, which do not change while the
 * server runs; a guide's may (the CMS), so it is made afresh each time. Only pages and sections
 * that exist are kept, and no more than MAX_WRITTEN_BYTES of them (the whole site's Markdown is
 * about 1.2 MB, its sections as much again).
 */
const written = new Map<string, string>();
const MAX_WRITTEN_BYTES = 16 * 1024 * 1024;
let writtenBytes = 0;

function keep(key: string, markdown: string) {
  const bytes = Buffer.byteLength(markdown);
  if (writtenBytes + bytes > MAX_WRITTEN_BYTES) return;
  written.set(key, markdown);
  writtenBytes += bytes;
}

/** A page's Markdown, or the Markdown of one section when `section` names its anchor. */
export async function readPage(address: string, section?: string): Promise<string> {
  const { route, anchor } = routeOfAddress(address);
  const wanted = section?.replace(/^#/, '') || anchor;
  const key = wanted ? `${route}#${wanted}` : route;
  const known = written.get(key);
  if (known) return known;
  const page = await source.page(route);
  const content = page && (await source.content(route));
  if (!page || !content) {
    throw new ToolError(
      `There is no page at ${route}. Find pages with search_docs, or list them as resources.`,
    );
  }
  const markdown = wanted
    ? sectionMarkdown(page, content, route, wanted)
    : await markdownOfRoute(route);
  withinAnswerSize(markdown!, route, content, wanted);
  if (!page.guide) keep(key, markdown!);
  return markdown!;
}

/** Refuses Markdown larger than one answer may carry, saying what to read instead. */
function withinAnswerSize(markdown: string, route: string, content: PageContent, section?: string) {
  const bytes = Buffer.byteLength(markdown);
  if (bytes <= MAX_PAGE_ANSWER_BYTES) return;
  const sizes = `${Math.ceil(bytes / 1024)} KiB, more than the ${MAX_PAGE_ANSWER_BYTES / 1024} KiB one answer may carry`;
  if (section) throw new ToolError(`The section "${section}" of ${route} is ${sizes}.`);
  const ids = content.sections.map((entry) => entry.id).join(', ');
  throw new ToolError(`${route} is ${sizes}: read it a section at a time. Its sections: ${ids}.`);
}

/** One section of a page as a Markdown document of its own, titled by its page. */
function sectionMarkdown(page: Page, content: PageContent, route: string, id: string) {
  const nodes = sectionNodes(content.tree, id);
  if (!nodes) {
    const ids = content.sections.map((entry) => entry.id).join(', ');
    throw new ToolError(`${route} has no section "${id}". Its sections: ${ids}.`);
  }
  const url = `${absoluteUrl(route)}#${id}`;
  const body = toMarkdown(
    { type: 'root', children: nodes },
    { file: page.file ?? route, pageUrl: url },
  );
  return pageMarkdown({ title: page.title, description: page.description, url, body });
}

/** Every page of the site in reading order, guides included. */
export async function listPages() {
  return (await source.pages()).map((page) => ({
    route: page.route,
    title: page.title,
    description: page.description,
  }));
}
