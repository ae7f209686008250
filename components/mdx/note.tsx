import { InfoIcon } from '@/components/ui/icons';

/** A callout that sets a remark apart from the surrounding prose. */
export function Note({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="note"
      data-slot="note"
      className="my-6 flex gap-2.5 rounded-2xl border border-emerald-600/20 bg-emerald-50/60 p-4 text-sm/6 text-emerald-950 dark:border-emerald-400/30 dark:bg-emerald-400/5 dark:text-emerald-100 [&>div>:first-child]:mt-0 [&>div>:last-child]:mb-0"
    >
      <InfoIcon className="mt-1 size-4 flex-none fill-emerald-600 stroke-white dark:fill-emerald-400/30 dark:stroke-emerald-300" />
      <div className="prose-a:text-emerald-900 dark:prose-a:text-emerald-200">{children}</div>
    </div>
  );
}
