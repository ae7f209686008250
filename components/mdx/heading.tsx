import { cn } from '@/lib/cn';

type HeadingProps = React.ComponentProps<'h2'> & { level: 2 | 3 };

/** A section heading whose text links to its own `#id` anchor. */
export function Heading({ level, id, children, className, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  if (!id) return <Tag {...props}>{children}</Tag>;
  return (
    <Tag id={id} data-slot="heading" className={cn('group', className)} {...props}>
      <a href={`#${id}`} className="no-underline hover:underline focus-visible:underline">
        {children}
        <span
          aria-hidden="true"
          className="ml-2 text-zinc-500 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 dark:text-zinc-400"
        >
          #
        </span>
      </a>
    </Tag>
  );
}
