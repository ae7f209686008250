import { Children, cloneElement, Fragment, isValidElement } from 'react';
import { CodeBlock, type CodeBlockProps } from './code-block';
import { codeTitle } from './code-language';
import { CodeTabs } from './code-tabs';

type CodeBlockElement = React.ReactElement<CodeBlockProps>;

/** The code blocks among `children`, looking inside the fragments MDX wraps them in. */
function codeBlocksOf(children: React.ReactNode): CodeBlockElement[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<{ children?: React.ReactNode }>(child)) return [];
    if (child.type === Fragment) return codeBlocksOf(child.props.children);
    return child.type === CodeBlock ? [child as CodeBlockElement] : [];
  });
}

/** Several code blocks shown as tabs titled by file name or language, with one Copy button. */
export function CodeGroup({ title, children }: { title?: string; children: React.ReactNode }) {
  const blocks = codeBlocksOf(children);
  return (
    <CodeTabs
      title={title}
      tabs={blocks.map((block) => ({
        title: codeTitle(block.props),
        language: block.props['data-language'],
      }))}
      panels={blocks.map((block) => cloneElement(block, { grouped: true }))}
    />
  );
}
