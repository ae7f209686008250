import 'server-only';
import { evaluate } from '@mdx-js/mdx';
import rehypeShiki from '@shikijs/rehype';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import { mdxComponents } from '@/components/mdx';
import { codeMetaTransformer } from './code-meta';
import { remarkSections, type Section } from './sections';

/** A code block in a language Shiki does not know stays plain code; any other error fails. */
function keepUnknownLanguagePlain(error: unknown) {
  const unknownLanguage =
    error instanceof Error && /^Language `.+` is not included/.test(error.message);
  if (!unknownLanguage) throw error;
}

export const shikiOptions = {
  // Code frames are dark in both site themes, so one dark theme serves both.
  themes: { dark: 'github-dark-default' },
  defaultColor: false,
  transformers: [codeMetaTransformer],
  // Grammars load as code blocks need them: loading all 200+ up front blocks the server's event
  // loop for seconds on the first render of each process (an ISR re-render, a build worker).
  langs: [],
  lazy: true,
  onError: keepUnknownLanguagePlain,
} as const;

/**
 * Compiles MDX (at build time for static pages) into React elements and the page's sections.
 * `format: 'md'` is for content from outside the repository: plain Markdown, where JSX,
 * expressions and raw HTML are never evaluated.
 */
export async function renderMdx(
  source: string,
  path: string,
  { format = 'mdx' }: { format?: 'md' | 'mdx' } = {},
): Promise<{ content: React.ReactElement; sections: Section[] }> {
  const file = new VFile({ value: source, path });
  const { default: Content } = await evaluate(file, {
    ...runtime,
    format,
    remarkPlugins: [remarkGfm, remarkSections],
    rehypePlugins: [[rehypeShiki, shikiOptions]],
  });
  return { content: <Content components={mdxComponents} />, sections: file.data.sections ?? [] };
}
