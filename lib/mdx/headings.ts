// Heading anchors: one function gives every heading of a page its id, the way GitHub does.
import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** A `##` or `###` heading of a page: its anchor id, text and tag (SPEC 3, page section). */
export type Section = { id: string; title: string; tag: 'h2' | 'h3' };

declare module 'mdast' {
  interface HeadingData {
    /** The heading's anchor; set by the writer of a generated heading, or by headingIds. */
    id?: string;
  }
}

/** A fresh id maker for one page: repeated titles get `-1`, `-2` suffixes. */
export function headingIds() {
  const slugger = new GithubSlugger();
  return (title: string) => slugger.slug(title);
}

const tags = { 2: 'h2', 3: 'h3' } as const;

/** Gives every heading its id (keeping ids set by generated content) and lists the sections. */
export function assignHeadingIds(tree: Root): Section[] {
  const idOf = headingIds();
  const sections: Section[] = [];
  visit(tree, 'heading', (node: Heading) => {
    const title = toString(node).trim();
    // Generated headings keep their own id; it is still reserved so later titles avoid it.
    const reserved = node.data?.id;
    const id = reserved ? (idOf(reserved), reserved) : idOf(title);
    node.data = { ...node.data, id };
    if (node.depth === 2 || node.depth === 3) sections.push({ id, title, tag: tags[node.depth] });
  });
  return sections;
}
