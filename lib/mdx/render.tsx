import 'server-only';
import { evaluate } from '@mdx-js/mdx';
import rehypeShiki from '@shikijs/rehype';
import type { MDXComponents } from 'mdx/types';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import { mdxComponents } from '@/components/mdx';
import { codeMetaTransformer } from './code-meta';
import { remarkSections, type Section } from './sections';

const shikiOptions = {
  // Code frames are dark in both site themes, so one dark theme serves both.
  themes: { dark: 'github-dark-default' },
  defaultColor: false,
  transformers: [codeMetaTransformer],
} as const;

/** Compiles MDX (at build time for static pages) into React elements and the page's sections. */
export async function renderMdx(
  source: string,
  path: string,
  components: MDXComponents = mdxComponents,
): Promise<{ content: React.ReactElement; sections: Section[] }> {
  const file = new VFile({ value: source, path });
  const { default: Content } = await evaluate(file, {
    ...runtime,
    remarkPlugins: [remarkGfm, remarkSections],
    rehypePlugins: [[rehypeShiki, shikiOptions]],
  });
  return { content: <Content components={components} />, sections: file.data.sections ?? [] };
}
