import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/** A `##` or `###` heading of a page: its anchor id, text and tag (SPEC 3, page section). */
export type Section = { id: string; title: string; tag: 'h2' | 'h3' };

const tags = { 2: 'h2', 3: 'h3' } as const;

/** Remark plugin: gives every heading a stable GitHub-style id and records h2/h3 as sections. */
export function remarkSections() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const sections: Section[] = [];
    visit(tree, 'heading', (node: Heading) => {
      const title = toString(node).trim();
      const id = slugger.slug(title);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
      if (node.depth === 2 || node.depth === 3) sections.push({ id, title, tag: tags[node.depth] });
    });
    file.data.sections = sections;
  };
}

declare module 'vfile' {
  interface DataMap {
    sections: Section[];
  }
}
