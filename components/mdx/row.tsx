import { cn } from '@/lib/cn';

/** Two columns on wide screens (prose beside code), stacked on narrow ones. */
export function Row({ children }: { children: React.ReactNode }) {
  return (
    <div
      data-slot="row"
      className="my-6 grid grid-cols-1 items-start gap-x-12 gap-y-6 xl:max-w-none xl:grid-cols-2 [&>*>:first-child]:mt-0 [&>*>:last-child]:mb-0"
    >
      {children}
    </div>
  );
}

/** One column of a Row; `sticky` keeps it in view while the other column scrolls. */
export function Col({ children, sticky = false }: { children: React.ReactNode; sticky?: boolean }) {
  return <div className={cn('min-w-0', sticky && 'xl:sticky xl:top-24')}>{children}</div>;
}
