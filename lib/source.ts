// The page source: every page of the site, built once per build or render, in reading order.
// The menu, previous/next, static params, the sitemap, llms.txt, social images, the Markdown
// export and the search records all read this one list. Only what lists or shows guides asks
// for them: with the CMS configured, a guide fetch makes a route re-render on the guides'
// interval, so every other page stays prerendered for good.
import 'server-only';
import type { Root } from 'mdast';
import { cache } from 'react';
import { DOCS_DIR, readDocsFiles, type DocsFile } from './docs-files';
import { getGuide, getGuides, guideFile } from './guides';
import type { Guide } from './guides/model';
import { assignHeadingIds, type Section } from './mdx/headings';
import { parseMdx, type MdxFormat } from './mdx/parse';
import {
  GUIDES_GROUP,
  menuDefinition,
  type NavGroup,
  type NavLink,
  type PageKind,
} from './navigation';
import { apiReferenceOf, expandApiReferences } from './openapi/pages/expand';
import { referenceLinks, type ReferenceLocations } from './openapi/pages/links';
import { categoryRoute, guideRoute, guideSlugOfRoute, segmentsOfRoute } from './routes';

export type Page = {
  route: string;
  kind: PageKind;
  /** The menu group it is listed in (`Guides` for a guide). */
  group: string;
  title: string;
  /** Its label in the menu. */
  menuTitle: string;
  description: string;
  /** The project-relative file it is written in; null for a guide from the CMS. */
  file: string | null;
  format: MdxFormat;
  /** Where it belongs, for breadcrumbs and social cards: its group's first page, or its category. */
  section: NavLink;
  /** The guide's own fields, for a guide. */
  guide?: Guide;
};

/** A page's body, ready for any output: references expanded, headings given their ids. */
export type PageContent = { tree: Root; sections: Section[] };

/** Which page shows each tag's reference and each catalogue, from the pages' `<ApiReference>`. */
function locationsOf(files: DocsFile[]): ReferenceLocations {
  const locations: ReferenceLocations = { tags: {}, catalogues: {} };
  for (const { file, route, tree } of files) {
    for (const node of tree.children) {
      const reference = apiReferenceOf(node, file);
      if (reference && 'tag' in reference) locations.tags[reference.tag] = route;
      if (reference && 'catalogue' in reference) locations.catalogues[reference.catalogue] = route;
    }
  }
  return locations;
}

/** The menu's pages in order, each joined with its file; every file must be in the menu. */
function menuPages(files: DocsFile[]): Page[] {
  const byRoute = new Map(files.map((file) => [file.route, file]));
  const listed = new Set<string>();
  const pages = menuDefinition.flatMap((group) => {
    const members =
      'folder' in group
        ? files
            .filter((file) => file.route.startsWith(`/${group.folder}/`))
            .sort((a, b) => a.frontmatter.title.localeCompare(b.frontmatter.title))
        : group.routes.map((route) => {
            const file = byRoute.get(route);
            if (!file) {
              throw new Error(
                `lib/navigation.ts lists ${route} in "${group.title}", but content/docs has no page for it. Add the file or remove the route.`,
              );
            }
            return file;
          });
    const first = members[0]?.route ?? '/';
    return members.map((file): Page => {
      listed.add(file.route);
      const catalogueOnly = file.tree.children.some((node) => {
        const reference = apiReferenceOf(node, file.file);
        return reference !== null && 'catalogue' in reference;
      });
      return {
        route: file.route,
        kind: group.kind === 'resource' && catalogueOnly ? 'catalogue' : group.kind,
        group: group.title,
        title: file.frontmatter.title,
        menuTitle: file.frontmatter.menuTitle ?? file.frontmatter.title,
        description: file.frontmatter.description,
        file: file.file,
        format: 'mdx',
        section: { title: group.title, href: first },
      };
    });
  });
  const unlisted = files.find((file) => !listed.has(file.route));
  if (unlisted) {
    throw new Error(
      `${unlisted.file} is not in the menu. Add ${unlisted.route} to a group in lib/navigation.ts.`,
    );
  }
  return pages;
}

function guidePage(guide: Guide, categoryPage: Page | undefined): Page {
  const category = categoryRoute(guide.category);
  return {
    route: guideRoute(guide.slug),
    kind: 'guide',
    group: GUIDES_GROUP,
    title: guide.title,
    menuTitle: guide.title,
    description: guide.summary,
    file: guideFile(guide.slug),
    format: guideFile(guide.slug) ? 'mdx' : 'md',
    section: { title: categoryPage?.menuTitle ?? GUIDES_GROUP, href: category },
    guide,
  };
}

/** A page source over the files of `docsDir` and the configured guides. */
export function createPageSource({ docsDir = DOCS_DIR }: { docsDir?: string } = {}) {
  const expanded = new WeakMap<DocsFile, PageContent>();

  /** The pages written in the repository, in menu order: no guides, so no CMS request. */
  const docsPages = cache(async (): Promise<Page[]> => menuPages(await readDocsFiles(docsDir)));

  /** Every page in reading order: the menu's, each guide right after its category page. */
  const pages = cache(async (): Promise<Page[]> => {
    const [docs, guides] = await Promise.all([docsPages(), getGuides()]);
    return docs.flatMap((page) =>
      page.kind === 'category'
        ? [
            page,
            ...guides
              .filter((guide) => categoryRoute(guide.category) === page.route)
              .map((guide) => guidePage(guide, page)),
          ]
        : [page],
    );
  });

  /** One page by route, or undefined; only a guide's route asks for the guides. */
  const page = async (route: string) =>
    (guideSlugOfRoute(route) ? await pages() : await docsPages()).find(
      (entry) => entry.route === route,
    );

  /** A page's body, ready for any output, or null when there is no such page. */
  const content = cache(async (route: string): Promise<PageContent | null> => {
    const entry = await page(route);
    if (!entry) return null;
    if (entry.guide) {
      const guide = await getGuide(entry.guide.slug);
      if (!guide) return null;
      const tree = parseMdx(guide.body, { format: guide.format, file: entry.file ?? route });
      return { tree, sections: assignHeadingIds(tree) };
    }
    const files = await readDocsFiles(docsDir);
    const file = files.find((candidate) => candidate.route === route)!;
    const known = expanded.get(file);
    if (known) return known;
    const links = referenceLinks(locationsOf(files));
    const tree = expandApiReferences(structuredClone(file.tree), { file: file.file, links });
    const result = { tree, sections: assignHeadingIds(tree) };
    expanded.set(file, result);
    return result;
  });

  /** Links into the generated reference, resolved against the pages that show each part. */
  const links = async () => referenceLinks(locationsOf(await readDocsFiles(docsDir)));

  return { docsPages, pages, page, content, links };
}

/** The site's page source. */
export const source = createPageSource();

/** The menu: the pages of each group, labelled with their menu titles (guides are not in it). */
export function menuOf(pages: Page[]): NavGroup[] {
  return menuDefinition.map((group) => ({
    title: group.title,
    links: pages
      .filter((page) => page.group === group.title && page.kind !== 'guide')
      .map((page) => ({ title: page.menuTitle, href: page.route })),
  }));
}

/**
 * The site's menu, one object per render: the layout around a page and the one around its 404
 * fallback then pass the same menu, which the page's data carries once.
 */
export const getMenu = cache(async () => menuOf(await source.docsPages()));

/**
 * The static params of a route with one output per page but the guides (which have routes of
 * their own): `paramsOf` names a page's output from its route.
 */
export async function docsPageParams<Params>(
  paramsOf: (route: string) => Params,
): Promise<Params[]> {
  return (await source.docsPages()).map((page) => paramsOf(page.route));
}

/** The catch-all segments of every page but the guides. */
export const docsPageSegments = () => docsPageParams((route) => ({ slug: segmentsOfRoute(route) }));
