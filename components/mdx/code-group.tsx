import { Children, cloneElement, isValidElement } from 'react';
import { CodeBlock, type CodeBlockProps } from './code-block';
import { codeTitle } from './code-language';
import { CodeTabs } from './code-tabs';

/** Several code blocks shown as tabs titled by file name or language, with one Copy button. */
export function CodeGroup({ title, children }: { title?: string; children: React.ReactNode }) {
  const blocks = Children.toArray(children).filter(
    (child): child is React.ReactElement<CodeBlockProps> =>
      isValidElement(child) && child.type === CodeBlock,
  );
  return (
    <CodeTabs
      title={title}
      tabs={blocks.map((block) => codeTitle(block.props))}
      panels={blocks.map((block) => cloneElement(block, { grouped: true }))}
    />
  );
}
