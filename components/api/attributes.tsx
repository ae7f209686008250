import { cn } from '@/lib/cn';

/** A list of attributes or parameters rendered from the OpenAPI document. */
export function Attributes({ children }: { children: React.ReactNode }) {
  return (
    <ul
      role="list"
      data-slot="attributes"
      className="my-4 list-none divide-y divide-zinc-900/5 p-0 dark:divide-white/5 [&>li]:m-0"
    >
      {children}
    </ul>
  );
}

type AttributeProps = {
  name: string;
  type: string;
  anchor: string;
  required?: boolean;
  nullable?: boolean;
  /** Limits such as `1 to 100` or `at most 255 characters`. */
  constraints?: string;
  children?: React.ReactNode;
};

/** One attribute: its name (a link to its own anchor), type, flags and description. */
export function Attribute({
  name,
  type,
  anchor,
  required,
  nullable,
  constraints,
  children,
}: AttributeProps) {
  return (
    <li id={anchor} data-slot="attribute" className="scroll-mt-24 px-0 py-4 first:pt-1 last:pb-1">
      <div className="flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
        <a href={`#${anchor}`} className="no-underline hover:underline focus-visible:underline">
          <code className="font-semibold">{name}</code>
        </a>
        <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{type}</span>
        {required && (
          <span className="text-xs font-medium text-rose-700 dark:text-rose-300">required</span>
        )}
        {nullable && <span className="text-xs text-zinc-600 dark:text-zinc-400">nullable</span>}
        {constraints && (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{constraints}</span>
        )}
      </div>
      {children && (
        <div className="mt-2 text-sm [&_p]:my-2 [&>:first-child]:mt-0 [&>:last-child]:mb-0">
          {children}
        </div>
      )}
    </li>
  );
}

/** The attributes of a nested object or of array items, collapsed until asked for. */
export function ChildAttributes({ children }: { children: React.ReactNode }) {
  return (
    <details
      data-slot="child-attributes"
      className="group mt-3 rounded-lg border border-zinc-900/10 dark:border-white/10"
    >
      <summary className="cursor-pointer px-3 py-2 text-xs font-semibold text-zinc-700 select-none dark:text-zinc-300">
        <span className="group-open:hidden">Show child attributes</span>
        <span className="hidden group-open:inline">Hide child attributes</span>
      </summary>
      <div className="border-t border-zinc-900/10 px-3 dark:border-white/10">{children}</div>
    </details>
  );
}

/** The values an enum attribute may take. */
export function EnumValues({ children }: { children: React.ReactNode }) {
  return (
    <div
      data-slot="enum-values"
      className={cn(
        'mt-2 text-sm [&_li]:my-1 [&_p]:my-1 [&_ul]:my-1 [&_ul]:ps-5',
        '[&>p:first-child]:text-xs [&>p:first-child]:font-semibold [&>p:first-child]:text-zinc-700 dark:[&>p:first-child]:text-zinc-300',
      )}
    >
      {children}
    </div>
  );
}

/** The label above one attribute list of an endpoint: not a page section of its own. */
export function AttributesTitle({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-8 mb-0 border-b border-zinc-900/5 pb-2 text-sm font-semibold text-zinc-900 dark:border-white/5 dark:text-white">
      {children}
    </p>
  );
}
