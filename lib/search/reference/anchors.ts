// Where each anchor of the site is, read from the pages as they are rendered: reference records
// point only at anchors a page really shows, and take their place in it from there.
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { isJsxElement, propsOf } from '@/lib/mdx/jsx';
import { vocabulary } from '@/lib/mdx/vocabulary';
import { anchorRoute } from '@/lib/routes';
import type { PageContent } from '@/lib/source';
import type { SearchablePage } from '../records';

/** An anchor's page and the `##`/`###` headings above it (the anchor's own, for a heading). */
export type AnchorPlace = {
  page: SearchablePage;
  trail: string[];
  /** True for the anchor of an `<Attribute>` (a code, event, field or scenario entry). */
  attribute: boolean;
};

/** Records every `<Attribute>` anchor among nodes, at any depth, in the place `trail` gives. */
function collectAttributes(
  nodes: RootContent[],
  place: (anchor: string) => void,
  file: string,
): void {
  for (const node of nodes) {
    if (isJsxElement(node) && node.name === 'Attribute') {
      place(propsOf(node, vocabulary.Attribute.props, file).anchor);
    }
    if ('children' in node) collectAttributes(node.children as RootContent[], place, file);
  }
}

/** Every anchor of one page (its headings and attributes) by site path, with its place. */
export function pageAnchors(page: SearchablePage, content: PageContent): Map<string, AnchorPlace> {
  const file = page.file ?? page.route;
  const places = new Map<string, AnchorPlace>();
  let trail: string[] = [];
  for (const node of content.tree.children) {
    if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
      const title = toString(node).trim();
      trail = node.depth === 2 ? [title] : [...trail.slice(0, 1), title];
      places.set(anchorRoute(page.route, node.data!.id!), { page, trail, attribute: false });
      continue;
    }
    const here = trail;
    collectAttributes(
      [node],
      (anchor) =>
        places.set(anchorRoute(page.route, anchor), { page, trail: here, attribute: true }),
      file,
    );
  }
  return places;
}

/** The anchors of every page, looked up by site path; a path no page shows is an error. */
export function siteAnchors(pages: { page: SearchablePage; content: PageContent }[]) {
  const places = new Map<string, AnchorPlace>();
  for (const { page, content } of pages) {
    for (const [path, place] of pageAnchors(page, content)) places.set(path, place);
  }
  return {
    /** The place of `path` (`/errors#card_declined`), or an error naming it. */
    at(path: string): AnchorPlace {
      const place = places.get(path);
      if (!place) {
        throw new Error(
          `Search records point to ${path}, which no page shows. Fix the link in lib/openapi/pages/links.ts or the record in lib/search/reference/.`,
        );
      }
      return place;
    },
    /** The one attribute anchored `anchor` on any page, or an error when none or several are. */
    attribute(anchor: string): string {
      const paths = [...places].filter(
        ([path, place]) => place.attribute && path.endsWith(`#${anchor}`),
      );
      if (paths.length !== 1) {
        throw new Error(
          `Search records expected one entry anchored "${anchor}" in the site, found ${paths.length}. Give each generated entry its own anchor.`,
        );
      }
      return paths[0]![0];
    },
  };
}
export type SiteAnchors = ReturnType<typeof siteAnchors>;
