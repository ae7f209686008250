import { cn } from '@/lib/cn';

const colours = {
  get: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  post: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
  put: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30',
  patch:
    'bg-violet-50 text-violet-800 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300 dark:ring-violet-400/30',
  delete:
    'bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-400/10 dark:text-rose-300 dark:ring-rose-400/30',
} as const;

export type HttpMethod = keyof typeof colours;

/** An HTTP method label, one distinct colour per method. */
export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span
      data-slot="method-badge"
      data-method={method}
      className={cn(
        'inline-block rounded-md px-1.5 py-0.5 align-middle font-mono text-[0.625rem] leading-4 font-semibold uppercase ring-1 ring-inset',
        colours[method],
      )}
    >
      {method}
    </span>
  );
}
