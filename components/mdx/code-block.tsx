import { cn } from '@/lib/cn';
import { codeTitle } from './code-language';
import { CopyButton } from './copy-button';

export type CodeBlockProps = React.ComponentProps<'pre'> & {
  'data-language'?: string;
  'data-title'?: string;
  /** Inside a code group the tab bar carries the title and the Copy button. */
  grouped?: boolean;
};

/** A highlighted code block with its language or file name and a Copy button. */
export function CodeBlock({ grouped, className, children, ...props }: CodeBlockProps) {
  const pre = (
    <pre {...props} className={cn(className, 'overflow-x-auto p-4 text-[0.8125rem] leading-6')}>
      {children}
    </pre>
  );
  if (grouped) return pre;
  return (
    <div data-slot="code-block" data-copy-scope className="code-frame not-prose">
      <div className="flex h-10 items-center justify-between gap-4 border-b border-white/10 pr-2 pl-4">
        <span className="truncate text-xs font-semibold text-zinc-300">{codeTitle(props)}</span>
        <CopyButton />
      </div>
      {pre}
    </div>
  );
}
