/** A list of fields, each with its name, type and description. */
export function Properties({ children }: { children: React.ReactNode }) {
  return (
    <div data-slot="properties" className="my-6">
      <ul
        role="list"
        className="m-0 list-none divide-y divide-zinc-900/5 p-0 dark:divide-white/5 [&>li]:m-0 [&>li]:p-0"
      >
        {children}
      </ul>
    </div>
  );
}

type PropertyProps = { name: string; type: string; children: React.ReactNode };

/** One field of a Properties list. */
export function Property({ name, type, children }: PropertyProps) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <dl className="m-0 flex flex-wrap items-center gap-x-3 gap-y-2 [&>dd]:ps-0">
        <dt className="sr-only">Name</dt>
        <dd className="m-0">
          <code>{name}</code>
        </dd>
        <dt className="sr-only">Type</dt>
        <dd className="m-0 font-mono text-xs text-zinc-600 dark:text-zinc-400">{type}</dd>
        <dt className="sr-only">Description</dt>
        <dd className="m-0 w-full flex-none [&>:first-child]:mt-0 [&>:last-child]:mb-0">
          {children}
        </dd>
      </dl>
    </li>
  );
}
